import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_DATABASE_URL } from "../playwright.config";
import { launchServer } from "./support/launched-server";

/**
 * A typo in a setting that guards the installation must not leave it open: lib/env.ts refuses the value and
 * instrumentation.ts stops `next start` before it serves a page, naming the variable and what it accepts.
 */
const SERVER_LOG = join("test-results", "bad-environment-server.log");

test("LOOPSCOPE_AUTH=requried stops the server with the variable and its allowed value named", async () => {
  test.setTimeout(150_000);
  const launch = launchServer({
    env: { DATABASE_URL: E2E_DATABASE_URL, LOOPSCOPE_AUTH: "requried", LOOPSCOPE_MIGRATE: "off" },
    log: SERVER_LOG,
    readyWithinMs: 120_000,
  });
  await expect(launch).rejects.toThrow(/the server exited with \d+/);
  await expect(launch).rejects.toThrow('LOOPSCOPE_AUTH="requried" is not valid (allowed: "required" or unset)');
});
