/** Types for reachable.mjs, which stays plain JavaScript so the launcher and the preflight check run without a compiler. */
export function reachable(host: string, port: number, timeoutMs?: number): Promise<boolean>;
