/** Types for pglite-wire-fixes.mjs, which stays plain JavaScript so scripts/with-database.mjs runs without a compiler. */
export function filterReadyForQuery(output: Buffer, expectedReady: number): { output: Buffer; failed: boolean };
export function withWireProtocolFixes<T extends object>(db: T): T;
