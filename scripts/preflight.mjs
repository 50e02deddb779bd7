// Checks and arranges what `npm test` needs before anything runs, so a missing service is one clear line, not a
// stack trace, and nothing is a manual step: the test databases are created, replication access granted if allowed.
import { existsSync } from "node:fs";
import { resolveChromium } from "./chromium-path.mjs";
import { reachable } from "./reachable.mjs";
import { createMissingDatabases, ensureReplicationAccess } from "./test-server-setup.mjs";

const testUrl = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/loopscope_test";
// The same defaults as playwright.config.ts.
const e2eUrl = process.env.E2E_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/loopscope_e2e_test";
const e2eAuthUrl = process.env.E2E_AUTH_DATABASE_URL ?? e2eUrl.replace(/_test$/, "_auth_test");
const databaseUrl = new URL(testUrl);

const problems = [];
const host = databaseUrl.hostname;
const port = Number(databaseUrl.port || 5432);
if (!(await reachable(host, port))) {
  problems.push(
    `PostgreSQL is not reachable at ${host}:${port}: start it (Debian: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start) or set TEST_DATABASE_URL`,
  );
} else {
  try {
    // The E2E servers' databases (the DB tests copy a template their global setup migrates; the cluster test makes its own).
    const created = await createMissingDatabases([e2eUrl, e2eAuthUrl]);
    if (created.length > 0) console.log(`Created the test databases ${created.join(", ")}`);
    const replication = await ensureReplicationAccess(testUrl);
    console.log(replication.ok ? `Replication: ${replication.message}` : `Note: ${replication.message}`);
  } catch (error) {
    problems.push(`PostgreSQL at ${host}:${port} refused the test setup: ${error.message}`);
  }
}
const chromium = await resolveChromium().catch((error) => ({ path: "", source: String(error) }));
if (!existsSync(chromium.path)) {
  problems.push(
    `Chromium is missing (${chromium.source}): run npm ci (it installs @sparticuz/chromium), or set CHROMIUM_PATH`,
  );
} else {
  console.log(`Browser tests use Chromium from the ${chromium.source}: ${chromium.path}`);
}
for (const problem of problems) console.error(`npm test cannot start: ${problem}`);
process.exit(problems.length > 0 ? 1 : 0);
