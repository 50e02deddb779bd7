import { z } from "zod";

/**
 * Every environment variable Loopscope reads, parsed once. This is the only module of lib/, app/ and components/ that
 * reads `process.env` (tests and scripts/ keep their own reads), so a variable has one name, one default and one
 * check, and docs/configuration.md is generated from the table below (`npm run docs:config`). It imports nothing of
 * the app, so lib/db can use it.
 */

/** One variable: its schema, what it does, its default as an operator would write it, and who reads it. */
interface Variable<S extends z.ZodType = z.ZodType> {
  schema: S;
  description: string;
  /** The value that behaves like leaving it unset, written as in the environment; undefined: unset means off/none. */
  default?: string;
  /** Values it accepts when it is a choice (checked: anything else stops the server). */
  allowed?: readonly string[];
  /** Who reads it, when not the app itself (the launcher, the CLI, a library). */
  readBy?: string;
}

function variable<S extends z.ZodType>(
  schema: S,
  description: string,
  extra: Omit<Variable, "schema" | "description"> = {},
): Variable<S> {
  return { schema, description, ...extra };
}

/** An empty value counts as unset (an empty `VAR=` line in a compose file). */
function blankIsUnset(value: unknown): unknown {
  return value === "" ? undefined : value;
}

function words<const V extends readonly [string, ...string[]]>(values: V) {
  return z.preprocess(blankIsUnset, z.enum(values).optional());
}

/** A choice among fixed words with a default; any other value stops the server. */
function choice<const V extends readonly [string, ...string[]]>(
  values: V,
  fallback: V[number],
  description: string,
  readBy?: string,
) {
  const schema = words(values).transform((value): V[number] => value ?? fallback);
  return variable(schema, description, { allowed: values, default: fallback, readBy });
}

/** A choice whose unset state means "off"; any other value stops the server. */
function optionalChoice<const V extends readonly [string, ...string[]]>(values: V, description: string) {
  return variable(words(values), description, { allowed: values });
}

/** `1` turns it on; unset or `0` leaves it off. */
function flag(description: string) {
  const schema = words(["0", "1"]).transform((value) => value === "1");
  return variable(schema, description, { allowed: ["0", "1"] });
}

/** A comma-separated list; blanks around and between commas are ignored. */
function list(description: string) {
  const schema = z
    .string()
    .optional()
    .transform((text) =>
      (text ?? "")
        .split(",")
        .map((item) => item.trim())
        .filter((item) => item !== ""),
    );
  return variable(schema, description);
}

function count(fallback: number, min: number, description: string, readBy?: string) {
  return variable(z.preprocess(blankIsUnset, z.coerce.number().int().min(min).default(fallback)), description, {
    default: String(fallback),
    readBy,
  });
}

const text = z.preprocess(blankIsUnset, z.string().min(1).optional());

export const ENV_VARIABLES = {
  DATABASE_URL: variable(
    text,
    "PostgreSQL connection string (the database is created if missing and migrated). Unset: `npm start`/`npm run dev` start an embedded PGlite server and set it.",
  ),
  DATABASE_REPLICA_URLS: list(
    "Comma-separated streaming replicas the leaderboard reads from (docs/scaling.md); ignored on the embedded database.",
  ),
  LOOPSCOPE_REPLICA_MAX_LAG_SECONDS: variable(
    z.preprocess(blankIsUnset, z.coerce.number().min(0).default(30)),
    "A replica further behind than this many seconds of replay is skipped for the primary.",
    { default: "30" },
  ),
  PGAPPNAME: variable(
    z.preprocess(blankIsUnset, z.string().min(1).default("loopscope")),
    "Names this process's database sessions in pg_stat_activity (the cluster test tells its workers apart by it).",
    { default: "loopscope" },
  ),
  LOOPSCOPE_DATA_DIR: variable(
    z.preprocess(blankIsUnset, z.string().min(1).default(".data/pglite")),
    "Where the embedded PGlite database keeps its files (only without DATABASE_URL).",
    {
      default: ".data/pglite",
      readBy: "scripts/with-database.mjs",
    },
  ),
  LOOPSCOPE_PGLITE_PORT: count(
    54329,
    1,
    "Port of the embedded PGlite server; a second `npm start` finds it served there and shares it.",
    "scripts/with-database.mjs",
  ),
  LOOPSCOPE_EMBEDDED: flag(
    "Set to 1 by the launcher when the database is the embedded PGlite server (one backend, no COPY, no job queue).",
  ),
  LOOPSCOPE_MIGRATE: choice(
    ["on", "off"],
    "on",
    "`off`: the launcher does not apply pending migrations before starting (a rolling upgrade runs `npm run migrate` once).",
    "scripts/with-database.mjs",
  ),
  PORT: count(
    3000,
    1,
    "Port `next start`/`next dev` serve on; the CLI also uses it to find a local server.",
    "Next.js, bin/loopscope.mjs",
  ),
  LOOPSCOPE_AUTH: optionalChoice(
    ["required"],
    "`required`: every page and API call needs a session or an API token (docs/security.md). Unset: everyone acts as the local admin.",
  ),
  LOOPSCOPE_SESSION_IDLE_MINUTES: count(
    12 * 60,
    1,
    "A session unused this long is over, even before its 30-day expiry (docs/security.md).",
  ),
  LOOPSCOPE_SECURE_COOKIES: flag("`1` when serving over HTTPS: the session cookie is marked Secure."),
  LOOPSCOPE_ALLOWED_ORIGINS: list(
    "Comma-separated extra origins (scheme, host, port) allowed to post to this server (docs/security.md).",
  ),
  LOOPSCOPE_TRUSTED_PROXIES: variable(
    text,
    "Comma-separated IPs/CIDRs of reverse proxies whose `X-Forwarded-*` headers count; unset: none (docs/security.md).",
  ),
  LOOPSCOPE_MAX_UPLOAD_BYTES: count(
    2 * 1024 ** 3,
    1,
    "Largest upload accepted (2 GiB by default); a larger one gets 413 (docs/bundle-format.md, Limits).",
  ),
  LOOPSCOPE_MAX_DECOMPRESSED_BYTES: variable(
    z.preprocess(blankIsUnset, z.coerce.number().int().positive().optional()),
    "Bytes after decompression; unset: 4x LOOPSCOPE_MAX_UPLOAD_BYTES (gzip of JSON compresses 5-20x, bombs far more).",
    { default: "4x LOOPSCOPE_MAX_UPLOAD_BYTES" },
  ),
  LOOPSCOPE_MAX_ARCHIVE_ENTRIES: count(100_000, 1, "Most entries read from one zip or tar upload."),
  LOOPSCOPE_MAX_READ_SECONDS: variable(
    z.preprocess(blankIsUnset, z.coerce.number().positive().default(1800)),
    "Wall-clock budget for reading and writing one upload.",
    { default: "1800" },
  ),
  LOOPSCOPE_UPLOAD_DIR: variable(
    z.preprocess(blankIsUnset, z.string().min(1).default(".data/uploads")),
    "Where raw uploads are kept (gzipped) for the worker and for re-import.",
    { default: ".data/uploads" },
  ),
  LOOPSCOPE_S3_BUCKET: variable(
    text,
    "Keep raw uploads in this S3-compatible bucket instead of LOOPSCOPE_UPLOAD_DIR (credentials: the standard `AWS_ACCESS_KEY_ID`/`AWS_SECRET_ACCESS_KEY`).",
  ),
  LOOPSCOPE_S3_ENDPOINT: variable(
    z.preprocess(blankIsUnset, z.url().optional()),
    "Endpoint URL of an S3-compatible store other than AWS.",
  ),
  LOOPSCOPE_S3_REGION: variable(
    z.preprocess(blankIsUnset, z.string().min(1).default("us-east-1")),
    "Region of the S3 bucket.",
    {
      default: "us-east-1",
    },
  ),
  LOOPSCOPE_S3_PREFIX: variable(
    z.string().default("uploads/"),
    "Key prefix of raw uploads in the S3 bucket (empty: the bucket's root).",
    {
      default: "uploads/",
    },
  ),
  LOOPSCOPE_WORKER: choice(
    ["on", "inline", "off"],
    "on",
    "`on`: `next start` runs the ingest worker as a child process with its own heap (its crash never takes the web server down); `inline`: inside the web server (no isolation); `off`: a web-only server.",
  ),
  LOOPSCOPE_INGEST: choice(
    ["queue", "inline"],
    "queue",
    "`inline`: ingest inside the upload request even on PostgreSQL (one process, no job queue; the DB tests use it).",
  ),
  LOOPSCOPE_INGEST_WHILE_RECEIVING: choice(
    ["on", "off"],
    "on",
    "`off`: a server that works the ingest queue itself (`LOOPSCOPE_WORKER=inline`) waits for the whole body before ingesting; not used with S3.",
  ),
  LOOPSCOPE_INGEST_HEAP_MB: count(
    256,
    32,
    "V8 old-space cap of the worker child: an ingest that needs more is refused as out of memory (413).",
  ),
  LOOPSCOPE_HEAP_MB: count(
    256,
    0,
    "V8 old-space cap `npm start` and `npm run worker` give the app, with 8 MB young-generation semi-spaces; 0: V8's defaults.",
    "scripts/heap-cap.mjs",
  ),
  LOOPSCOPE_INGEST_RSS_TARGET_MB: count(
    240,
    0,
    "An ingest asks V8 for a full garbage collection when the process's RSS is above this (lib/server/heap-keeper.ts); 0: never.",
  ),
  LOOPSCOPE_SUMMARIES_IN_REQUEST: count(
    50,
    0,
    "Missing leaderboard rows a page request computes itself; more are filled in the background while `/runs` says how many runs are pending.",
  ),
  LOOPSCOPE_JOB_EXPIRE_SECONDS: count(
    3600,
    1,
    "A job still active this long after it started is retried (an ingest's lost worker is found sooner by heartbeat).",
  ),
  LOOPSCOPE_JOB_RETRIES: count(3, 0, "Retries of a job whose worker died or that failed on infrastructure."),
  LOOPSCOPE_JOB_MAINTENANCE_SECONDS: count(30, 1, "How often the job queue looks for jobs whose worker died."),
  LOOPSCOPE_SMALL_UPLOAD_BYTES: count(
    4 * 1024 * 1024,
    0,
    "Uploads up to this size are ingested in a lane of their own, beside a big one, instead of after it; 0: one lane.",
  ),
  LOOPSCOPE_JOB_HEARTBEAT_SECONDS: variable(
    z.preprocess(blankIsUnset, z.coerce.number().positive().default(10)),
    "How often an ingest attempt writes its heartbeat on the upload (with its worker's host:pid).",
    { default: "10" },
  ),
  LOOPSCOPE_WORKER_LOST_SECONDS: variable(
    z.preprocess(blankIsUnset, z.coerce.number().positive().default(30)),
    "An ingest attempt silent this long whose upload lock no session holds has lost its worker: retried at once.",
    { default: "30" },
  ),
  LOOPSCOPE_SUPERVISED_WORKER: flag(
    "Set to 1 by the web server in the environment of its worker child: only then does the child report over IPC.",
  ),
  LOOPSCOPE_BUILT_CONFIG: choice(
    ["0", "1"],
    "1",
    "`0`: `npm start` compiles next.config.ts again instead of taking the configuration `next build` recorded (which keeps SWC out of the server).",
    "scripts/built-next-config.mjs",
  ),
  NODE_OPTIONS: variable(
    z.string().optional(),
    "Node.js's own flags; the worker child inherits them without the web server's `--max-old-space-size`.",
    { readBy: "Node.js" },
  ),
  LOOPSCOPE_URL: variable(
    text,
    "Server the CLI (`npx loopscope`) talks to when `--url` is not given; else `PORT`, else 3000.",
    {
      readBy: "bin/loopscope.mjs",
    },
  ),
  LOOPSCOPE_TOKEN: variable(text, "API token the CLI sends when `--token` is not given.", {
    readBy: "bin/loopscope.mjs",
  }),
} satisfies Record<string, Variable>;

export type EnvName = keyof typeof ENV_VARIABLES;
type Shape = { [K in EnvName]: (typeof ENV_VARIABLES)[K]["schema"] };

const shape = Object.fromEntries(Object.entries(ENV_VARIABLES).map(([name, v]) => [name, v.schema])) as Shape;

const EnvSchema = z.object(shape).transform((values) => ({
  ...values,
  LOOPSCOPE_MAX_DECOMPRESSED_BYTES: values.LOOPSCOPE_MAX_DECOMPRESSED_BYTES ?? 4 * values.LOOPSCOPE_MAX_UPLOAD_BYTES,
}));

export type Env = z.output<typeof EnvSchema>;

/** A variable set to a value it does not accept; the message names the variable and what it accepts. */
export class EnvError extends Error {
  override name = "EnvError";
}

function describeIssue(issue: z.core.$ZodIssue, source: Record<string, string | undefined>): string {
  const name = String(issue.path[0]);
  const known = (ENV_VARIABLES as Record<string, Variable>)[name];
  const allowed = known?.allowed
    ? `allowed: ${known.allowed.map((value) => `"${value}"`).join(", ")} or unset`
    : issue.message;
  return `${name}=${JSON.stringify(source[name] ?? "")} is not valid (${allowed})`;
}

/** Parses an environment; throws an EnvError naming every variable set to a value it does not accept. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => describeIssue(issue, source));
  throw new EnvError(`Loopscope's environment is not valid (docs/configuration.md): ${lines.join("; ")}`);
}

let cached: Env | null = null;

/** The process's environment, parsed on first use and kept; a bad value throws here (the server stops at start). */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Forgets the parsed environment, for tests that change `process.env` (lib/testing/env-follows-process.ts). */
export function resetEnv(): void {
  cached = null;
}

/** The environment a child process inherits, with some variables replaced (the worker child). */
export function childEnvironment(overrides: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...overrides };
}
