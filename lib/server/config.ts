import { z } from "zod";

const EnvSchema = z
  .object({
    LOOPSCOPE_MAX_UPLOAD_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(2 * 1024 ** 3),
    /** Bytes after decompression; unset = 4x the upload limit (gzip of JSON compresses 5-20x, bombs far more). */
    LOOPSCOPE_MAX_DECOMPRESSED_BYTES: z.coerce.number().int().positive().optional(),
    LOOPSCOPE_MAX_ARCHIVE_ENTRIES: z.coerce.number().int().positive().default(100_000),
    /** Wall-clock budget for reading and writing one upload. */
    LOOPSCOPE_MAX_READ_SECONDS: z.coerce.number().positive().default(1800),
    // A session unused this long is over, even before its 30-day expiry (docs/security.md).
    LOOPSCOPE_SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .positive()
      .default(12 * 60),
    /**
     * Missing lean leaderboard rows a page request computes itself before answering (a run whose warm-up failed, a
     * few stored by an older version). More (a new METRICS_VERSION over a whole database: 18.6 s for 1,000 runs) are
     * filled in the background while pages show the runs whose rows are current and say how many are pending.
     */
    LOOPSCOPE_SUMMARIES_IN_REQUEST: z.coerce.number().int().min(0).default(50),
    // An ingest asks V8 for a full collection when the process's RSS is above this (lib/server/heap-keeper.ts); 0: never.
    // 240, not 200: a 1k tau2 upload peaks at 205-236 MB, and at 200 it paid 2-3 forced collections (0.4 s of CPU,
    // 0.2 s to metrics) for nothing; the 1 GB files still peak at 230-276 MB (docs/benchmarks.md, eighth run).
    LOOPSCOPE_INGEST_RSS_TARGET_MB: z.coerce.number().int().min(0).default(240),
    LOOPSCOPE_UPLOAD_DIR: z.string().min(1).default(".data/uploads"),
    // on: the web server runs its ingest worker as a child process with its own heap (a crash or out-of-memory there
    // never takes the web server down); inline: inside the web server itself (no isolation); off: no worker.
    LOOPSCOPE_WORKER: z.enum(["on", "inline", "off"]).default("on"),
    // The worker child's V8 old-space cap: an ingest that needs more is refused as out of memory (413).
    LOOPSCOPE_INGEST_HEAP_MB: z.coerce.number().int().min(32).default(256),
    // Ingest an upload while its body arrives, when this process works the ingest queue (lib/server/jobs/live-ingest.ts).
    LOOPSCOPE_INGEST_WHILE_RECEIVING: z.enum(["on", "off"]).default("on"),
    // A job still active this long after it started is taken to have lost its worker and is retried.
    LOOPSCOPE_JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).default(3600),
    LOOPSCOPE_JOB_RETRIES: z.coerce.number().int().min(0).default(3),
    LOOPSCOPE_JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).default(30),
    // An ingest attempt writes a heartbeat this often; a worker silent for LOOPSCOPE_WORKER_LOST_SECONDS whose upload
    // lock is gone (its process or machine died) is lost, and its job is retried at once, whatever the expiry.
    LOOPSCOPE_JOB_HEARTBEAT_SECONDS: z.coerce.number().positive().default(10),
    LOOPSCOPE_WORKER_LOST_SECONDS: z.coerce.number().positive().default(30),
    // Raw uploads in an S3-compatible store instead of LOOPSCOPE_UPLOAD_DIR (credentials: the standard AWS variables).
    LOOPSCOPE_S3_BUCKET: z.string().min(1).optional(),
    LOOPSCOPE_S3_ENDPOINT: z.url().optional(),
    LOOPSCOPE_S3_REGION: z.string().min(1).default("us-east-1"),
    LOOPSCOPE_S3_PREFIX: z.string().default("uploads/"),
  })
  .transform((env) => ({
    ...env,
    LOOPSCOPE_MAX_DECOMPRESSED_BYTES: env.LOOPSCOPE_MAX_DECOMPRESSED_BYTES ?? 4 * env.LOOPSCOPE_MAX_UPLOAD_BYTES,
  }));

export type ServerConfig = z.infer<typeof EnvSchema>;

/** Read per call so tests and operators can change limits without a restart of the module graph. */
export function serverConfig(): ServerConfig {
  return EnvSchema.parse(process.env);
}
