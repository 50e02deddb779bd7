// `npm run fuzz:upload -- --minutes N [--target http://host:port] [--seed S]`: mutates the real files
// (LOOPSCOPE_REAL_DATA, default ../shared/data/real when present) and docs/examples bundles (truncation, nesting,
// duplication, encoding damage, gzip/zip/tar wrapping), uploads each to a server (its own `npm start` with the default
// settings on FUZZ_DATABASE_URL, or --target) and counts what no input may cause: server deaths, final 500s and
// partial writes (a refused upload must leave every table's row count as it was). Not part of `npm test`.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { zipSync } from "fflate";
import { appAnswers, startAppServer } from "@/lib/testing/start-app-server";
import { tableCounts } from "@/lib/testing/table-counts";

const args = process.argv.slice(2);
function option(name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? undefined : args[index + 1];
}
const minutes = Number(option("minutes") ?? 1);
let seed = Number(option("seed") ?? Date.now() % 1_000_000);
const firstSeed = seed;
const DATABASE_URL = process.env.FUZZ_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/loopscope_fuzz_test";
// Real files above this size are skipped: each upload of them takes seconds, and the point is many variants.
const MAX_SOURCE_BYTES = 1_000_000;

/** A small deterministic generator (mulberry32), so a run can be repeated with --seed. */
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const at = (length: number) => Math.floor(random() * Math.max(1, length));

function sources(): { name: string; bytes: Buffer }[] {
  // From the main checkout the shared data is ../shared; from a worktree under /work/wt, ../../shared.
  const realDir =
    process.env.LOOPSCOPE_REAL_DATA ??
    [path.resolve("..", "shared", "data", "real"), path.resolve("..", "..", "shared", "data", "real")].find((dir) =>
      existsSync(dir),
    ) ??
    "";
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (!entry.endsWith(".md") && statSync(full).size <= MAX_SOURCE_BYTES) found.push(full);
    }
  };
  if (realDir && existsSync(realDir)) walk(realDir);
  walk(path.resolve("docs", "examples"));
  return found.map((file) => ({ name: path.basename(file), bytes: readFileSync(file) }));
}

/** A minimal ustar archive of one member (a tau2 results directory is read from tar files). */
function tarOf(name: string, bytes: Buffer): Buffer {
  const header = Buffer.alloc(512);
  header.write(name.slice(0, 99), 0, "utf8");
  header.write("0000644\0", 100);
  header.write("0000000\0", 108);
  header.write("0000000\0", 116);
  header.write(`${bytes.length.toString(8).padStart(11, "0")}\0`, 124);
  header.write(
    `${Math.floor(Date.now() / 1000)
      .toString(8)
      .padStart(11, "0")}\0`,
    136,
  );
  header.write("        ", 148);
  header.write("0", 156);
  header.write("ustar\0", 257);
  header.write("00", 263);
  const sum = header.reduce((total, byte) => total + byte, 0);
  header.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148);
  const padding = Buffer.alloc((512 - (bytes.length % 512)) % 512);
  return Buffer.concat([header, bytes, padding, Buffer.alloc(1024)]);
}

type Mutation = (bytes: Buffer, name: string) => { bytes: Buffer; name: string };
const keepName =
  (change: (bytes: Buffer) => Buffer): Mutation =>
  (bytes, name) => ({ bytes: change(bytes), name });

const MUTATIONS: Record<string, Mutation> = {
  truncate: keepName((bytes) => bytes.subarray(0, at(bytes.length))),
  "nest-deep": keepName((bytes) => {
    const depth = pick([1_000, 100_000, 1_000_000]);
    const cut = at(bytes.length);
    return Buffer.concat([
      bytes.subarray(0, cut),
      Buffer.from("[".repeat(depth) + "]".repeat(depth)),
      bytes.subarray(cut),
    ]);
  }),
  "duplicate-slice": keepName((bytes) => {
    const start = at(bytes.length);
    const slice = bytes.subarray(start, start + at(4096));
    return Buffer.concat([
      bytes.subarray(0, start),
      ...Array.from({ length: 1 + at(50) }, () => slice),
      bytes.subarray(start),
    ]);
  }),
  "duplicate-whole": keepName((bytes) => Buffer.concat([bytes, bytes])),
  "flip-bytes": keepName((bytes) => {
    const copy = Buffer.from(bytes);
    for (let index = 0; index < 1 + at(20); index += 1) copy[at(copy.length)] = at(256);
    return copy;
  }),
  "escape-nul-or-surrogate": keepName((bytes) => {
    // Inside the first string after a random point: a NUL or a lone surrogate escape PostgreSQL's jsonb refuses.
    const text = bytes.toString("utf8");
    const quote = text.indexOf('"', at(text.length));
    if (quote === -1) return bytes;
    const escape = pick(["\\u0000", "\\ud800", "\\udfff", "\\u0000\\ud83d"]);
    return Buffer.from(text.slice(0, quote + 1) + escape + text.slice(quote + 1));
  }),
  "invalid-utf8": keepName((bytes) => {
    const cut = at(bytes.length);
    return Buffer.concat([bytes.subarray(0, cut), Buffer.from([0xc3, 0x28, 0xff, 0xfe]), bytes.subarray(cut)]);
  }),
  "utf16-with-bom": keepName((bytes) =>
    Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(bytes.toString("utf8"), "utf16le")]),
  ),
  "huge-number": keepName((bytes) =>
    Buffer.from(bytes.toString("utf8").replace(/(?<=[:[,]\s*)-?\d+(\.\d+)?/, "1e400")),
  ),
  gzip: (bytes, name) => ({ bytes: gzipSync(bytes), name: `${name}.gz` }),
  "gzip-truncated": (bytes, name) => {
    const gz = gzipSync(bytes);
    return { bytes: gz.subarray(0, at(gz.length)), name: `${name}.gz` };
  },
  zip: (bytes, name) => ({ bytes: Buffer.from(zipSync({ [name]: new Uint8Array(bytes) })), name: `${name}.zip` }),
  tar: (bytes, name) => ({ bytes: tarOf(name, bytes), name: `${name}.tar` }),
  "tar-gzip": (bytes, name) => ({ bytes: gzipSync(tarOf(name, bytes)), name: `${name}.tar.gz` }),
};

/** Posts the bytes and follows a 202 to its final answer; null when the server gave no answer. */
async function upload(base: string, bytes: Buffer, name: string): Promise<{ status: number; body: unknown } | null> {
  try {
    const response = await fetch(`${base}/api/bundles`, {
      method: "POST",
      headers: { "content-type": "application/octet-stream", "x-file-name": name },
      body: new Uint8Array(bytes),
      signal: AbortSignal.timeout(180_000),
    });
    const body = (await response.json()) as { statusUrl?: string };
    if (response.status !== 202 || !body.statusUrl) return { status: response.status, body };
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      const status = (await (await fetch(new URL(body.statusUrl, base))).json()) as {
        phase: string;
        status: number | null;
        result: unknown;
      };
      if (status.phase === "done") return { status: status.status ?? 500, body: status.result };
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return { status: 0, body: "no final answer within 3 minutes" };
  } catch (error) {
    return error instanceof Error && error.name === "TimeoutError" ? { status: 0, body: "timed out" } : null;
  }
}

const target = option("target");
const server = target ? { base: target, child: null } : await startAppServer(DATABASE_URL);
const files = sources();
const report = {
  seed: firstSeed,
  minutes,
  sources: files.length,
  uploads: 0,
  statuses: {} as Record<string, number>,
  byMutation: {} as Record<string, Record<string, number>>,
  serverDeaths: 0,
  final500s: 0,
  partialWrites: 0,
  slowestSeconds: 0,
  examples: [] as string[],
};
const stopAt = Date.now() + minutes * 60_000;
let counts = await tableCounts(DATABASE_URL);
while (Date.now() < stopAt) {
  const source = pick(files);
  // One or two mutations, applied in turn (e.g. a truncated file, then gzipped).
  const names = Array.from({ length: 1 + at(2) }, () => pick(Object.keys(MUTATIONS)));
  let variant = { bytes: source.bytes, name: source.name };
  for (const name of names) variant = MUTATIONS[name]?.(variant.bytes, variant.name) ?? variant;
  const label = names.join("+");
  const started = Date.now();
  const answer = await upload(server.base, variant.bytes, variant.name);
  report.slowestSeconds = Math.max(report.slowestSeconds, (Date.now() - started) / 1000);
  report.uploads += 1;
  const code = String(answer?.status ?? "no answer");
  report.statuses[code] = (report.statuses[code] ?? 0) + 1;
  const perMutation = (report.byMutation[label] ??= {});
  perMutation[code] = (perMutation[code] ?? 0) + 1;
  const alive = (server.child?.exitCode ?? null) === null && (await appAnswers(server.base, 5_000));
  if (!alive) {
    report.serverDeaths += 1;
    report.examples.push(`server death after ${label} of ${source.name}`);
    break;
  }
  if (answer?.status === 500) {
    report.final500s += 1;
    report.examples.push(`500 after ${label} of ${source.name}: ${JSON.stringify(answer.body).slice(0, 300)}`);
  }
  const after = await tableCounts(DATABASE_URL);
  const stored = answer?.status === 201;
  const unchanged = JSON.stringify(after) === JSON.stringify(counts);
  if (!stored && !unchanged) {
    report.partialWrites += 1;
    report.examples.push(`partial write after ${code} (${label} of ${source.name})`);
  }
  counts = after;
}
console.log(JSON.stringify(report, null, 2));
if (server.child?.pid) process.kill(-server.child.pid, "SIGTERM");
process.exit(report.serverDeaths + report.final500s + report.partialWrites > 0 ? 1 : 0);
