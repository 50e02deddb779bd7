// `npm run bench:lanes -- --file big.json [--small docs/examples/small-bundle.json] [--repeat 3]`: issue 39's head-of-
// line figure through `npm start` with its default settings (its own database BENCH_DATABASE_URL): the time a 12 KB
// upload takes to its answer on the idle server (the anchor, same run), and again when sent while a big tau2 file
// (make-tau2-big: 10,000 simulations) is being written; also the big one's own time and the server's peak RSS.
// Each send appends a different trailing blank, so no upload is a duplicate of an earlier one.
import { createReadStream, readFileSync, statSync } from "node:fs";
import { Readable } from "node:stream";
import { startAppServer } from "@/lib/testing/start-app-server";
import { serverRssMb, serverRssSumMb } from "./process-rss";

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? undefined : args[index + 1];
};
const bigFile = option("file");
if (!bigFile) throw new Error("--file is required (a big tau2 results file, e.g. from make-tau2-big)");
const smallBytes = readFileSync(option("small") ?? "docs/examples/small-bundle.json");
const repeat = Number(option("repeat") ?? 3);
const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/loopscope_bench_lanes_test";
let blanks = 0;

interface Status {
  phase: string;
  status?: number;
  trajectories: number;
}

async function send(base: string, body: BodyInit, name: string): Promise<string> {
  blanks += 1;
  const response = await fetch(`${base}/api/bundles`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-file-name": name },
    body,
    duplex: "half",
  } as RequestInit);
  const answer = (await response.json()) as { uploadId?: string };
  if (response.status !== 202 || !answer.uploadId) throw new Error(`${name}: ${response.status}`);
  return answer.uploadId;
}

const smallBody = () => Buffer.concat([smallBytes, Buffer.from(" ".repeat(blanks + 1))]);
function bigBody(): ReadableStream {
  const trailing = " ".repeat(blanks + 1);
  async function* chunks() {
    for await (const chunk of createReadStream(bigFile ?? "")) yield chunk as Buffer;
    yield Buffer.from(trailing);
  }
  return Readable.toWeb(Readable.from(chunks())) as ReadableStream;
}

async function status(base: string, id: string, wait = 0): Promise<Status> {
  return (await (await fetch(`${base}/api/uploads/${id}${wait ? `?wait=${wait}` : ""}`)).json()) as Status;
}

async function untilDone(base: string, id: string): Promise<Status> {
  for (;;) {
    const current = await status(base, id);
    if (current.phase === "done") return current;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function timedSmall(base: string): Promise<{ seconds: number; status?: number }> {
  const t0 = performance.now();
  const done = await untilDone(base, await send(base, smallBody(), "small.json"));
  return { seconds: (performance.now() - t0) / 1000, status: done.status };
}

const { base, child } = await startAppServer(DATABASE_URL);
let peakRss = 0;
let peakRssSum = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, serverRssMb(child.pid ?? 0));
  peakRssSum = Math.max(peakRssSum, serverRssSumMb(child.pid ?? 0));
}, 200);
const load = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
try {
  console.log(
    `server ${base}; big file ${bigFile} (${statSync(bigFile).size.toLocaleString("en-US")} bytes); load ${load()}`,
  );
  for (let round = 1; round <= repeat; round += 1) {
    const idle = await timedSmall(base);
    const t0 = performance.now();
    const big = await send(base, bigBody(), "big.json");
    for (let current = await status(base, big); current.phase !== "writing" || current.trajectories === 0;) {
      if (current.phase === "done") throw new Error(`the big upload ended before it was written: ${current.status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      current = await status(base, big);
    }
    const beside = await timedSmall(base);
    const bigPhaseThen = (await status(base, big)).phase;
    const bigDone = await untilDone(base, big);
    const bigSeconds = (performance.now() - t0) / 1000;
    console.log(
      `round ${round}: 12 KB alone ${idle.seconds.toFixed(2)} s (${idle.status}); while the big one is written ` +
        `${beside.seconds.toFixed(2)} s (${beside.status}), ratio ${(beside.seconds / idle.seconds).toFixed(1)}x, ` +
        `big one then "${bigPhaseThen}"; big one ${bigSeconds.toFixed(1)} s (${bigDone.status}); load ${load()}`,
    );
  }
  console.log(
    `server peak RSS ${peakRss.toFixed(0)} MB in its largest process, ${peakRssSum.toFixed(0)} MB for all its processes`,
  );
} finally {
  clearInterval(sampler);
  if (child.pid) process.kill(-child.pid, "SIGTERM");
}
