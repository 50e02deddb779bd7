import { z } from "zod";

const EnvSchema = z.object({
  LOOPSCOPE_MAX_UPLOAD_BYTES: z.coerce.number().int().positive().default(2 * 1024 ** 3),
  LOOPSCOPE_MAX_JSON_DOCUMENT_BYTES: z.coerce.number().int().positive().default(256 * 1024 ** 2),
  // A session unused this long is over, even before its 30-day expiry (docs/security.md).
  LOOPSCOPE_SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(12 * 60),
});

export type ServerConfig = z.infer<typeof EnvSchema>;

/** Read per call so tests and operators can change limits without a restart of the module graph. */
export function serverConfig(): ServerConfig {
  return EnvSchema.parse(process.env);
}
