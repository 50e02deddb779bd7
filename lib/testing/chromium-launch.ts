import { resolveChromium } from "../../scripts/chromium-path.mjs";

/** Flags that keep Chromium from calling out to a network this machine does not have. */
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * How Playwright launches Chromium here (E2E tests and the page benchmark): the binary scripts/chromium-path.mjs
 * finds (CHROMIUM_PATH, Debian's, or the one inside the npm package @sparticuz/chromium) with our own flags, not the
 * package's (its --single-process and --disable-web-security would change what the security specs check).
 */
export async function chromiumLaunchOptions(): Promise<{ executablePath: string; args: string[] }> {
  const { path } = await resolveChromium();
  return { executablePath: path, args: CHROMIUM_ARGS };
}
