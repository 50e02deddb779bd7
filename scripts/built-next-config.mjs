import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** The environment variable through which Next.js reads an already-resolved configuration (see below). */
export const BUILT_CONFIG_VARIABLE = "__NEXT_PRIVATE_STANDALONE_CONFIG";

/**
 * `next start` hands the configuration `next build` resolved to the server, instead of compiling next.config.ts
 * again. Compiling it loads Next's native SWC binding into the server for good: 32-40 MB of RSS (idle server 180 MB
 * with it, 140 MB without, docs/benchmarks-history.md) for one file that is compiled once. The build records the resolved
 * configuration in .next/required-server-files.json, and Next's own standalone server (`output: "standalone"`,
 * .next/standalone/server.js) starts exactly this way, from that record and this variable.
 * Left alone: a build older than next.config.ts (the file is compiled as usual), a missing build (next start says
 * so), LOOPSCOPE_BUILT_CONFIG=0, or the variable already set.
 */
export function withBuiltNextConfig(environment, projectDir = process.cwd()) {
  if (environment.LOOPSCOPE_BUILT_CONFIG === "0" || environment[BUILT_CONFIG_VARIABLE]) return environment;
  const record = path.join(projectDir, ".next", "required-server-files.json");
  const source = path.join(projectDir, "next.config.ts");
  if (!existsSync(record)) return environment;
  if (existsSync(source) && statSync(source).mtimeMs > statSync(record).mtimeMs) return environment;
  let config;
  try {
    config = JSON.parse(readFileSync(record, "utf8")).config;
  } catch {
    return environment;
  }
  if (typeof config !== "object" || config === null) return environment;
  return { ...environment, [BUILT_CONFIG_VARIABLE]: JSON.stringify(config) };
}
