import { resetEnv } from "@/lib/env";
/** `--name value` from the command line of a benchmark script, as a number. */
export function numberOption(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? undefined : process.argv[index + 1];
  return value === undefined ? fallback : Number(value);
}

/** `--name value` from the command line of a benchmark script, as text, or undefined when absent. */
export function stringOption(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

/**
 * The benchmark's database (BENCH_DATABASE_URL, default loopscope_bench on the local server), created and migrated if
 * needed and made the app's DATABASE_URL, so the use cases a benchmark imports afterwards write there.
 */
export async function useBenchDatabase(): Promise<string> {
  const url = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/loopscope_bench";
  const { ensureMigratedDatabase } = await import("@/lib/testing/ensure-database");
  await ensureMigratedDatabase(url);
  process.env.DATABASE_URL = url;
  resetEnv(); // lib/env.ts parses once: the app code imported below must see these values
  return url;
}
