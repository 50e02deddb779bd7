import { env, type Env } from "@/lib/env";

export type ServerConfig = Env;

/** The parsed environment (lib/env.ts), under the name the use cases read their limits by. */
export const serverConfig = env;
