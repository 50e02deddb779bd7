import { spawn, type ChildProcess } from "node:child_process";
import { freePort } from "./free-port";

/** True when the server answers `/api/runs` with 200 within `ms` (it is up and its database is reachable). */
export async function appAnswers(base: string, ms: number): Promise<boolean> {
  try {
    const response = await fetch(`${base}/api/runs?limit=1`, { signal: AbortSignal.timeout(ms) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/**
 * `npm start`'s launcher with its default settings on `databaseUrl`, on a free port, in a process group of its own
 * (stop it with `process.kill(-child.pid)`): the server the fuzzer and the busy neighbour load.
 */
export async function startAppServer(databaseUrl: string): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn("node", ["scripts/with-database.mjs", "--", "next", "start", "-p", String(port)], {
    env: { ...process.env, DATABASE_URL: databaseUrl, NEXT_TELEMETRY_DISABLED: "1" },
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let waited = 0; waited < 180_000; waited += 500) {
    if (await appAnswers(base, 2_000)) return { base, child };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the server did not start within 3 minutes");
}
