// `npm run busy-neighbour -- --file big.json [--minutes N]`: a second Loopscope server (`npm start`'s defaults, its
// own database BUSY_DATABASE_URL) on the same PostgreSQL, ingesting the file in a loop until stopped or N minutes
// pass: each round the file is sent with a different trailing blank (a new content hash, so it is stored, not a
// duplicate), followed to its answer, and its runs deleted. Issue 37's check runs `npm test` beside it; the script
// prints each round's time and status. Build one with ../shared/tools/make-tau2-big (about 200 MB: 8,000 airline
// simulations). Not part of `npm test`.
import { createReadStream, statSync } from "node:fs";
import { Readable } from "node:stream";
import { startAppServer } from "@/lib/testing/start-app-server";

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? undefined : args[index + 1];
};
const file = option("file");
if (!file) throw new Error("--file is required (a tau2 results file, e.g. made by make-tau2-big)");
const minutes = Number(option("minutes") ?? 60);
const DATABASE_URL = process.env.BUSY_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/loopscope_busy_test";

/** The file, then `round` spaces: JSON readers ignore them, the content hash does not. */
function body(round: number): ReadableStream {
  async function* chunks() {
    for await (const chunk of createReadStream(file ?? "")) yield chunk as Buffer;
    yield Buffer.from(" ".repeat(round));
  }
  return Readable.toWeb(Readable.from(chunks())) as ReadableStream;
}

async function oneRound(base: string, round: number): Promise<string> {
  const response = await fetch(`${base}/api/bundles`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-file-name": `busy-${round}.json` },
    body: body(round),
    duplex: "half",
  } as RequestInit);
  let answer = (await response.json()) as { uploadId?: string; status?: number; phase?: string; result?: unknown };
  if (response.status !== 202 || !answer.uploadId) return `answered ${response.status}`;
  const statusUrl = `${base}/api/uploads/${answer.uploadId}`;
  while (answer.phase !== "done") answer = (await (await fetch(`${statusUrl}?wait=20`)).json()) as typeof answer;
  const runs = (answer.result as { runs?: { id: string }[] } | undefined)?.runs ?? [];
  for (const run of runs) await fetch(`${base}/api/runs/${run.id}`, { method: "DELETE" });
  return `${answer.status} (${runs.length} run(s) stored and deleted)`;
}

const { base, child } = await startAppServer(DATABASE_URL);
const stop = () => {
  if (child.pid) process.kill(-child.pid, "SIGTERM");
};
process.on("SIGINT", () => (stop(), process.exit(0)));
process.on("SIGTERM", () => (stop(), process.exit(0)));
console.log(
  `busy server at ${base}, ingesting ${file} (${statSync(file).size.toLocaleString("en-US")} bytes) in a loop`,
);
const until = Date.now() + minutes * 60_000;
try {
  for (let round = 1; Date.now() < until; round += 1) {
    const started = Date.now();
    const outcome = await oneRound(base, round);
    console.log(`round ${round}: ${outcome} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
} finally {
  stop();
}
