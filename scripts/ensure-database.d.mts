export function ensureServerDatabase(url: string): Promise<"exists" | "created" | "created by another process">;
