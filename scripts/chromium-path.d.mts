export function resolveChromium(): Promise<{ path: string; source: string }>;
