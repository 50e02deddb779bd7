/** Types for run-child.mjs, which stays plain JavaScript so scripts/with-database.mjs runs without a compiler. */
export function processTree(root: number): number[];
export function runChild(cmd: string, args: string[], env: Record<string, string | undefined>): Promise<number>;
