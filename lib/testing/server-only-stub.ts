// Vitest runs server modules outside Next.js, where the real `server-only` package throws on import.
export {};
