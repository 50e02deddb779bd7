#!/usr/bin/env node
// Loopscope command line: `loopscope upload <file...> [--url URL] [--token TOKEN] [--tag K=V]... [--variant V] [--pair KEY_OR_RUN_ID] [--scorer NAME] [--labels V:pass,W:fail] [--no-wait]`
// `loopscope reimport (--run ID | --all) [--url URL] [--token TOKEN]`
// and `loopscope judge-labels <file> --study ID [--url URL] [--token TOKEN]`.
// Streams each file to POST /api/bundles (never reads a whole file into memory), follows the
// ingest job to its end, and exits non-zero when any upload was rejected.
import { createReadStream, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";

const USAGE = `usage: loopscope upload <file...> [--url URL] [--token TOKEN] [--tag K=V]... [--variant V] [--pair KEY_OR_RUN_ID] [--scorer NAME] [--labels V:pass,W:fail] [--no-wait]
       loopscope reimport (--run ID | --all) [--url URL] [--token TOKEN]
       loopscope judge-labels <file> --study ID [--url URL] [--token TOKEN]

  --url URL      the Loopscope server (default: $LOOPSCOPE_URL, else http://localhost:$PORT, else http://localhost:3000)
  --token TOKEN  an API token with the upload scope (default: $LOOPSCOPE_TOKEN)
  --tag K=V      a tag for the uploaded runs; repeatable
  --variant V    the variant of the uploaded runs (base, sft, ...), overriding what the file says
  --pair P       pair the uploaded runs by this pairing key, or with the run whose id this is
  --scorer NAME  Inspect logs: the scorer whose values become rewards (default: the log's first)
  --labels MAP   tau2-bench judge reviews: verdict:pass|fail pairs, e.g. satisfactory:pass,failure:fail
                 (default: tau2's rule, pass/satisfied = pass, fail = fail, others not compared)
  --no-wait      return once the server has stored the file and queued its ingest (prints the status URL)
  --run ID       reimport: read this run's bundle again from its kept raw upload with the current importers
  --all          reimport: every run that has a kept raw upload (one job per bundle)
  --study ID     judge-labels: the study whose items the verdicts (CSV or JSONL, docs/annotation.md) are for`;

/** How long one status request may wait on the server for the upload to move on. */
const STATUS_WAIT_SECONDS = 20;
const RETRY_MS = 1000;

const VALUE_OPTIONS = ["--url", "--token", "--tag", "--variant", "--pair", "--scorer", "--labels", "--run", "--study"];
const MAX_JUDGE_FILE_BYTES = 20 * 1024 * 1024;

/** The server when --url is not given, and where that address came from (named when it cannot be reached). */
function defaultServer(env) {
  if (env.LOOPSCOPE_URL) return { url: env.LOOPSCOPE_URL, source: "$LOOPSCOPE_URL" };
  // The port `npm start` (next start) listens on when PORT is set.
  if (env.PORT) return { url: `http://localhost:${env.PORT}`, source: "$PORT" };
  return { url: "http://localhost:3000", source: "the default" };
}

const UNREACHABLE = new Set(["ECONNREFUSED", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN", "ETIMEDOUT"]);

/** fetch wraps a failed connection in `cause` (an AggregateError of each address tried, for localhost). */
function isUnreachable(error) {
  const cause = error?.cause;
  if (!cause) return false;
  return (
    UNREACHABLE.has(cause.code) || (Array.isArray(cause.errors) && cause.errors.some((e) => UNREACHABLE.has(e?.code)))
  );
}

function failureMessage(error, options) {
  if (!isUnreachable(error)) return error.message;
  return `cannot reach ${options.url} (${options.urlSource}): is the server running there? Pass --url URL or set LOOPSCOPE_URL`;
}

function parseArgs(argv) {
  const server = defaultServer(process.env);
  const options = {
    url: server.url,
    urlSource: server.source,
    token: process.env.LOOPSCOPE_TOKEN ?? null,
    tag: [],
    variant: null,
    pair: null,
    scorer: null,
    labels: null,
    wait: true,
    run: null,
    study: null,
    all: false,
    files: [],
  };
  const set = (name, value) => {
    if (name === "tag") options.tag.push(value);
    else options[name] = value;
    if (name === "url") options.urlSource = "--url";
  };
  const [command, ...rest] = argv;
  for (let index = 0; index < rest.length; index += 1) {
    const arg = rest[index];
    const inline = VALUE_OPTIONS.find((option) => arg.startsWith(`${option}=`));
    if (VALUE_OPTIONS.includes(arg)) {
      const value = rest[index + 1];
      if (!value) throw new Error(`${arg} needs a value`);
      set(arg.slice(2), value);
      index += 1;
    } else if (inline) set(inline.slice(2), arg.slice(inline.length + 1));
    else if (arg === "--no-wait") options.wait = false;
    else if (arg === "--all") options.all = true;
    else if (arg === "-h" || arg === "--help") return { command: "help", options };
    else options.files.push(arg);
  }
  return { command, options };
}

function contentTypeOf(file) {
  const name = file.toLowerCase();
  if (name.endsWith(".gz") || name.endsWith(".tgz")) return "application/gzip";
  if (name.endsWith(".zip") || name.endsWith(".eval")) return "application/zip";
  if (name.endsWith(".tar")) return "application/x-tar";
  if (name.endsWith(".jsonl") || name.endsWith(".ndjson")) return "application/x-ndjson";
  return "application/json";
}

async function uploadFile(file, options) {
  const size = statSync(file).size;
  const headers = {
    "content-type": contentTypeOf(file),
    "content-length": String(size),
    "x-file-name": encodeURIComponent(path.basename(file)),
  };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  // Upload options travel in the query string: the body is the file itself, streamed.
  const target = new URL("/api/bundles", options.url);
  for (const tag of options.tag) target.searchParams.append("tag", tag);
  if (options.variant) target.searchParams.set("variant", options.variant);
  if (options.pair) target.searchParams.set("pair", options.pair);
  if (options.scorer) target.searchParams.set("scorer", options.scorer);
  if (options.labels) target.searchParams.set("labels", options.labels);
  const response = await fetch(target, {
    method: "POST",
    headers,
    body: Readable.toWeb(createReadStream(file)),
    duplex: "half",
  });
  return { status: response.status, body: await readJson(response) };
}

async function readJson(response) {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return { error: text.slice(0, 500) };
  }
}

/**
 * Follows GET /api/uploads/{id} until the job is done; phase changes go to stderr, the answer is returned. Each request
 * after the first waits on the server until the upload moves on from the status last seen (`after`, `wait`).
 */
async function followUpload(file, statusUrl, options) {
  const headers = options.token ? { authorization: `Bearer ${options.token}` } : {};
  let lastPhase = "";
  let seen = null;
  for (;;) {
    const url = new URL(statusUrl, options.url);
    if (seen) {
      url.searchParams.set("after", seen);
      url.searchParams.set("wait", String(STATUS_WAIT_SECONDS));
    }
    const response = await fetch(url, { headers });
    const body = await readJson(response);
    if (!response.ok) return { status: response.status, body };
    if (body.phase !== lastPhase) {
      lastPhase = body.phase;
      const counts = body.phase === "writing" || body.phase === "metrics" ? ` (${body.trajectories} trajectories)` : "";
      console.error(`${file}: ${body.phase}${counts}`);
    }
    if (body.phase === "done") return { status: body.status ?? 500, body: body.result ?? {} };
    seen = body.updatedAt ?? null;
    // A server without `updatedAt` in its answer cannot wait: ask again after a pause instead.
    if (!seen) await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
}

/** Count names in words, as the upload page shows them (lib/presenters/upload-result.ts describeCounts). */
const COUNT_WORDS = {
  tasks: ["task", "tasks"],
  trajectories: ["trajectory", "trajectories"],
  events: ["event", "events"],
  turnPredictions: ["turn prediction", "turn predictions"],
};

function countInWords(key, value) {
  const [one, many] = COUNT_WORDS[key] ?? [key, key];
  return value === 0 ? `no ${many}` : `${value} ${value === 1 ? one : many}`;
}

function report(file, { status, body }) {
  if (status === 201 || status === 200) {
    const counts = Object.entries(body.counts ?? {})
      .map(([key, value]) => countInWords(key, value))
      .join(", ");
    console.log(
      `${file}: ${body.duplicate ? "duplicate of an earlier upload, nothing stored" : `stored as ${body.format} (${counts})`}`,
    );
    for (const run of body.runs ?? []) console.log(`  run ${run.name}: ${run.id}`);
    // What the importer could not keep (dropped timestamps, added tasks): the upload page shows them too.
    for (const warning of body.warnings ?? []) console.error(`  warning: ${warning}`);
    return true;
  }
  console.error(`${file}: rejected (${status}): ${body.error ?? "unknown error"}`);
  for (const issue of body.issues ?? []) {
    const where = [issue.line === undefined ? null : `line ${issue.line}`, issue.path || null]
      .filter(Boolean)
      .join(" ");
    console.error(`  ${where || "(file)"}: ${issue.message}`);
  }
  if ((body.totalIssues ?? 0) > (body.issues ?? []).length)
    console.error(`  ... ${body.totalIssues - body.issues.length} more issues`);
  return false;
}

/**
 * Sends one file of judge verdicts to POST /api/studies/{id}/judge-labels. Every rejected row is
 * printed with its line, column and value; a rejection (bad rows, a duplicate) exits non-zero.
 */
async function importJudgeLabels(file, options) {
  if (statSync(file).size > MAX_JUDGE_FILE_BYTES) {
    console.error(`${file}: rejected: judge verdict files are limited to 20 MB`);
    return 1;
  }
  const headers = { "content-type": "text/plain; charset=utf-8" };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const target = new URL(`/api/studies/${encodeURIComponent(options.study)}/judge-labels`, options.url);
  target.searchParams.set("name", path.basename(file).slice(0, 200));
  const response = await fetch(target, { method: "POST", headers, body: readFileSync(file, "utf8") });
  const body = await readJson(response);
  if (response.status === 201) {
    const judges = (body.judges ?? []).map((j) => `${j.name} ${j.version} (${j.labels})`).join(", ");
    console.log(`${file}: imported ${body.imported} verdicts${judges ? `: ${judges}` : ""}`);
    return 0;
  }
  console.error(`${file}: rejected (${response.status}): ${body.error ?? "unknown error"}`);
  for (const issue of body.issues ?? []) {
    const where = [`line ${issue.line}`, issue.column ? `column ${issue.column}` : null, issue.path || null]
      .filter(Boolean)
      .join(", ");
    const value = issue.value ? ` (value "${issue.value}")` : "";
    console.error(`  ${where}${value}: ${issue.message}`);
  }
  if ((body.totalIssues ?? 0) > (body.issues ?? []).length)
    console.error(`  ... ${body.totalIssues - body.issues.length} more issues`);
  return 1;
}

/** Asks the server to re-import (POST /api/admin/reimport); the jobs run on its workers. */
async function reimport(options) {
  const headers = { "content-type": "application/json" };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const body = options.all ? { all: true } : { runId: options.run };
  const response = await fetch(new URL("/api/admin/reimport", options.url), {
    method: "POST",
    headers,
    body: JSON.stringify(body),
  });
  const answer = await readJson(response);
  if (response.status === 202) {
    console.log(`queued ${answer.runIds.length} re-import job(s); the runs' pages show the importer version when done`);
    return 0;
  }
  if (response.status === 200) {
    let ok = true;
    for (const { runId, outcome } of answer.outcomes) {
      if (outcome.kind === "reimported") console.log(`run ${runId}: re-imported (bundle ${outcome.bundleId})`);
      else {
        ok = false;
        console.error(`run ${runId}: not re-imported: ${outcome.reason ?? outcome.result?.error}`);
      }
    }
    return ok ? 0 : 1;
  }
  console.error(`reimport refused (${response.status}): ${answer.error ?? "unknown error"}`);
  return 1;
}

async function main() {
  let parsed;
  try {
    parsed = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  const { command, options } = parsed;
  if (command === "help" || command === undefined) {
    console.log(USAGE);
    return command === "help" ? 0 : 2;
  }
  if (!/^https?:\/\//i.test(options.url)) {
    console.error(
      `the server address (${options.urlSource}) must start with http:// or https://, got "${options.url}"`,
    );
    return 2;
  }
  if (command === "reimport") {
    if (options.all === (options.run !== null) || options.files.length > 0) {
      console.error(USAGE);
      return 2;
    }
    try {
      return await reimport(options);
    } catch (error) {
      console.error(failureMessage(error, options));
      return 1;
    }
  }
  if (command === "judge-labels") {
    if (options.files.length !== 1 || !options.study) {
      console.error(USAGE);
      return 2;
    }
    try {
      return await importJudgeLabels(options.files[0], options);
    } catch (error) {
      console.error(failureMessage(error, options));
      return 1;
    }
  }
  if (command !== "upload" || options.files.length === 0) {
    console.error(USAGE);
    return 2;
  }
  let ok = true;
  for (const file of options.files) {
    try {
      const answer = await uploadFile(file, options);
      if (answer.status !== 202) ok = report(file, answer) && ok;
      else if (!options.wait)
        console.log(
          `${file}: accepted as upload ${answer.body.uploadId}; status at ${new URL(answer.body.statusUrl, options.url)}`,
        );
      else ok = report(file, await followUpload(file, answer.body.statusUrl, options)) && ok;
    } catch (error) {
      console.error(`${file}: ${failureMessage(error, options)}`);
      ok = false;
    }
  }
  return ok ? 0 : 1;
}

process.exit(await main());
