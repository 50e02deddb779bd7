/** Types for built-next-config.mjs, which stays plain JavaScript so scripts/with-database.mjs runs without a compiler. */
export const BUILT_CONFIG_VARIABLE: string;
export function withBuiltNextConfig(
  environment: Record<string, string | undefined>,
  projectDir?: string,
): Record<string, string | undefined>;
