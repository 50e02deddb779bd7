// Checks what `npm test` needs before anything runs, so a missing service is one clear line, not a stack trace.
import { existsSync } from "node:fs";
import { resolveChromium } from "./chromium-path.mjs";
import { reachable } from "./reachable.mjs";

const databaseUrl = new URL(process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/loopscope_test");

const problems = [];
const host = databaseUrl.hostname;
const port = Number(databaseUrl.port || 5432);
if (!(await reachable(host, port))) {
  problems.push(
    `PostgreSQL is not reachable at ${host}:${port}: start it (Debian: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start) or set TEST_DATABASE_URL`,
  );
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
