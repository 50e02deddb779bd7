/** Types for heap-cap.mjs, which stays plain JavaScript so scripts/with-database.mjs runs without a compiler. */
export function withHeapCap(environment: Record<string, string | undefined>): Record<string, string | undefined>;
