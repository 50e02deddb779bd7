import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./lib/testing/chromium-launch";

const PORT = Number(process.env.E2E_PORT ?? 3100);
// A second server with LOOPSCOPE_AUTH=required, for the accounts and roles specs.
const AUTH_PORT = PORT + 1;
export const E2E_DATABASE_URL =
  process.env.E2E_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/loopscope_e2e_test";
export const E2E_AUTH_DATABASE_URL =
  process.env.E2E_AUTH_DATABASE_URL ?? E2E_DATABASE_URL.replace(/_test$/, "_auth_test");
process.env.E2E_AUTH_DATABASE_URL = E2E_AUTH_DATABASE_URL;

for (const url of [E2E_DATABASE_URL, E2E_AUTH_DATABASE_URL]) {
  if (!new URL(url).pathname.endsWith("_test")) throw new Error(`${url} must name a database ending in _test`);
}

const chromium = {
  ...devices["Desktop Chrome"],
  viewport: { width: 1280, height: 900 },
  launchOptions: await chromiumLaunchOptions(),
};

export default defineConfig({
  testDir: "e2e",
  // Spec files run side by side (a file's tests in order): every spec names its own data (unique run names, tags),
  // and the specs that need a server or database state of their own start one (hostile-input, embedded). Two workers
  // for two cores; E2E_WORKERS overrides.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  outputDir: "test-results/e2e",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    viewport: { width: 1280, height: 900 },
  },
  projects: [
    // judges.spec.ts needs accounts (annotators), so it runs against the auth server.
    { name: "chromium", testIgnore: /(auth|judges)\.spec\.ts/, use: chromium },
    {
      name: "auth",
      testMatch: /(auth|judges)\.spec\.ts/,
      use: { ...chromium, baseURL: `http://127.0.0.1:${AUTH_PORT}` },
    },
  ],
  // The app is built by the test script before Playwright starts; these only serve it.
  webServer: [
    {
      command: `node scripts/with-database.mjs -- next start -p ${PORT}`,
      url: `http://127.0.0.1:${PORT}/api/runs`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: { DATABASE_URL: E2E_DATABASE_URL, NEXT_TELEMETRY_DISABLED: "1" },
      stdout: "pipe",
    },
    {
      command: `node scripts/with-database.mjs -- next start -p ${AUTH_PORT}`,
      url: `http://127.0.0.1:${AUTH_PORT}/signin`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        DATABASE_URL: E2E_AUTH_DATABASE_URL,
        NEXT_TELEMETRY_DISABLED: "1",
        LOOPSCOPE_AUTH: "required",
        // The specs act as the reverse proxy: their X-Forwarded-For gives the throttle spec an address of its own.
        LOOPSCOPE_TRUSTED_PROXIES: "127.0.0.1,::1",
      },
      stdout: "pipe",
    },
  ],
});
