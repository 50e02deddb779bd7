const FALLBACK = "/runs";
const BASE = "http://loopscope.invalid";

/**
 * Where to go after sign-in: only a path on this host. Browsers read `\` as `/`, so
 * `/\evil.example/` would leave the host; anything that resolves to another origin, holds a
 * backslash or a control character falls back to the runs page.
 */
export function safeNext(value: unknown): string {
  const candidate = Array.isArray(value) ? value[0] : value;
  if (typeof candidate !== "string" || !candidate.startsWith("/") || candidate.startsWith("//")) return FALLBACK;
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point of this check
  if (/[\\\u0000-\u001f\u007f]/.test(candidate)) return FALLBACK;
  let url: URL;
  try {
    url = new URL(candidate, BASE);
  } catch {
    return FALLBACK;
  }
  if (url.origin !== BASE) return FALLBACK;
  return `${url.pathname}${url.search}${url.hash}`;
}
