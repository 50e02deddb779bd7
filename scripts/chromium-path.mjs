// Which Chromium the browser tests drive. Plain JavaScript: the preflight check runs it without a compiler.
// Order: CHROMIUM_PATH when set, Debian's /usr/bin/chromium when present, else the binary that the npm package
// @sparticuz/chromium ships (installed by `npm ci`, unpacked into the temp folder on first use, about 2 s), so a
// fresh machine needs nothing installed by hand. Never `npx playwright install`: it downloads from a closed host.
import { existsSync } from "node:fs";

const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/** @returns {Promise<{path: string, source: string}>} */
export async function resolveChromium() {
  if (process.env.CHROMIUM_PATH) return { path: process.env.CHROMIUM_PATH, source: "CHROMIUM_PATH" };
  if (existsSync(DEBIAN_CHROMIUM)) return { path: DEBIAN_CHROMIUM, source: "Debian package" };
  const { default: packaged } = await import("@sparticuz/chromium");
  return { path: await packaged.executablePath(), source: "npm package @sparticuz/chromium" };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { path } = await resolveChromium();
  process.stdout.write(`${path}\n`);
}
