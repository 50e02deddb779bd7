import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import { freePort } from "@/lib/testing/free-port";

/** A `next start` a spec starts itself through scripts/with-database.mjs, as a user runs it. */
export interface LaunchedServer {
  /** The launcher (scripts/with-database.mjs); it leads the process group of everything it starts. */
  child: ChildProcess;
  port: number;
  base: string;
  exited: Promise<number | null>;
  log: string;
}

export interface LaunchOptions {
  /** Variables set for the launcher; one set to undefined is removed (DATABASE_URL, for the embedded database). */
  env: Record<string, string | undefined>;
  /** Where the server's stdout and stderr go; kept after the run. */
  log: string;
  /** Flags before `--` (e.g. `--seed`). */
  flags?: string[];
  readyWithinMs: number;
}

export function logTail(log: string, lines = 40): string {
  try {
    return readFileSync(log, "utf8").split("\n").slice(-lines).join("\n");
  } catch {
    return "(no server log)";
  }
}

/** Starts the server on a free port and waits until its run list answers; throws with the log's tail otherwise. */
export async function launchServer(options: LaunchOptions): Promise<LaunchedServer> {
  const port = await freePort();
  mkdirSync(dirname(options.log), { recursive: true });
  const out = openSync(options.log, "w");
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
  for (const [name, value] of Object.entries(options.env)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  const args = ["scripts/with-database.mjs", ...(options.flags ?? []), "--", "next", "start", "-p", String(port)];
  // Its own process group, so a stop reaches next even if the launcher has gone.
  const child = spawn("node", args, { env, detached: true, stdio: ["ignore", out, out] });
  closeSync(out);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const server: LaunchedServer = { child, port, base: `http://127.0.0.1:${port}`, exited, log: options.log };
  const started = Date.now();
  let code: number | null | undefined;
  void exited.then((exitCode) => (code = exitCode));
  let ready = false;
  while (!ready && code === undefined && Date.now() - started < options.readyWithinMs) {
    try {
      ready = (await fetch(`${server.base}/api/runs?limit=1`)).status === 200;
    } catch {
      // Not listening yet.
    }
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (!ready) {
    await stopServer(server);
    throw new Error(
      `${code === undefined ? `the server did not answer within ${seconds} s` : `the server exited with ${code} after ${seconds} s`}; ` +
        `the end of ${options.log}:\n${logTail(options.log)}`,
    );
  }
  console.log(`server ready on port ${port} in ${seconds} s (log: ${options.log})`);
  return server;
}

/** Stops the server's whole process group (the launcher, npx and next), politely and then for sure. */
export async function stopServer(server: LaunchedServer): Promise<void> {
  const group = -(server.child.pid ?? 0);
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(group, name);
    } catch {
      // Already gone.
    }
  };
  signal("SIGTERM");
  const stopped = await Promise.race([
    server.exited.then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), 10_000)),
  ]);
  // The launcher may have gone before next did: whatever is left of the group goes too.
  signal(stopped ? "SIGTERM" : "SIGKILL");
}
