#!/usr/bin/env node
// Runs a command against a ready database: the PostgreSQL of DATABASE_URL when set,
// otherwise an embedded PGlite served over the Postgres wire protocol from this process.
// Pending migrations are applied first (unless LOOPSCOPE_MIGRATE=off); `--seed` loads the demo data into an empty database.
import { withBuiltNextConfig } from "./built-next-config.mjs";
import { ensureServerDatabase } from "./ensure-database.mjs";
import { withHeapCap } from "./heap-cap.mjs";
import { runChild } from "./run-child.mjs";
import { reachable } from "./reachable.mjs";
import { withWireProtocolFixes } from "./pglite-wire-fixes.mjs";
import { mkdirSync } from "node:fs";
import path from "node:path";

const args = process.argv.slice(2);
const separator = args.indexOf("--");
const flags = separator === -1 ? args : args.slice(0, separator);
const command = separator === -1 ? [] : args.slice(separator + 1);
const seed = flags.includes("--seed");

async function startEmbedded() {
  const port = Number(process.env.LOOPSCOPE_PGLITE_PORT ?? 54329);
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
  // Only one process may open the data folder: reuse a launcher that already serves it.
  if (await reachable("127.0.0.1", port)) {
    console.log(`[loopscope] using the embedded database already served on port ${port}`);
    return { url, stop: async () => {} };
  }
  const dataDir = path.resolve(process.env.LOOPSCOPE_DATA_DIR ?? ".data/pglite");
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const { PGlite } = await import("@electric-sql/pglite");
  const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
  // Search's substring index needs pg_trgm (prisma/migrations/*_event_search); PGlite bundles it as a contrib module.
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  console.log(
    `[loopscope] starting the embedded PostgreSQL (PGlite) in ${dataDir} on port ${port}; set DATABASE_URL to use your own server`,
  );
  const db = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const server = new PGLiteSocketServer({ db: withWireProtocolFixes(db), port, host: "127.0.0.1", maxConnections: 64 });
  await server.start();
  return {
    url,
    stop: async () => {
      await server.stop();
      await db.close();
    },
  };
}

const embedded = !process.env.DATABASE_URL;
if (!embedded) {
  const outcome = await ensureServerDatabase(process.env.DATABASE_URL);
  if (outcome !== "exists") console.log(`[loopscope] database ${outcome}`);
}
const database = embedded ? await startEmbedded() : { url: process.env.DATABASE_URL, stop: async () => {} };
const env = {
  ...process.env,
  DATABASE_URL: database.url,
  NEXT_TELEMETRY_DISABLED: "1",
  ...(embedded ? { LOOPSCOPE_EMBEDDED: "1" } : {}),
};

// LOOPSCOPE_MIGRATE=off: an operator migrates once (`npm run migrate`) before a rolling upgrade (docs/scaling.md).
const migrate = process.env.LOOPSCOPE_MIGRATE !== "off";
if (!migrate) console.log("[loopscope] LOOPSCOPE_MIGRATE=off: not applying migrations");
let code = migrate ? await runChild("npx", ["prisma", "migrate", "deploy"], env) : 0;
if (code === 0 && seed) code = await runChild("npx", ["tsx", "--conditions=react-server", "prisma/seed.ts"], env);
if (code === 0 && command.length > 0) {
  const [cmd, ...cmdArgs] = command;
  const nextCommand = cmd === "next" ? cmdArgs[0] : undefined;
  // `next dev` compiles in-process and reads next.config.ts as it changes: neither applies there.
  let appEnv = nextCommand === "dev" ? env : withHeapCap(env);
  if (nextCommand === "start") appEnv = withBuiltNextConfig(appEnv);
  code = await runChild(cmd === "next" ? "npx" : cmd, cmd === "next" ? ["next", ...cmdArgs] : cmdArgs, appEnv);
}
await database.stop();
process.exit(code);
