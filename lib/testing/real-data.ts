import { existsSync } from "node:fs";
import path from "node:path";

/**
 * Where the real benchmark result files are: `LOOPSCOPE_REAL_DATA`, else `../shared/data/real` when it exists
 * (beside our own checkouts and CI, never beside a user's clone). Null when neither exists: tests that need the
 * files are then skipped with REAL_DATA_SKIP_REASON instead of failing.
 */
export function findRealDataDir(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string | null {
  const configured = env.LOOPSCOPE_REAL_DATA;
  if (configured) return existsSync(configured) ? path.resolve(configured) : null;
  const beside = path.resolve(cwd, "../shared/data/real");
  return existsSync(beside) ? beside : null;
}

export const REAL_DATA_DIR = findRealDataDir();

export const REAL_DATA_SKIP_REASON =
  "real benchmark files not found: set LOOPSCOPE_REAL_DATA to the folder of shared/data/real (default ../shared/data/real)";

/** Absolute path of one real file; only call inside a test that is skipped when REAL_DATA_DIR is null. */
export function realDataFile(...parts: string[]): string {
  if (!REAL_DATA_DIR) throw new Error(REAL_DATA_SKIP_REASON);
  return path.join(REAL_DATA_DIR, ...parts);
}
