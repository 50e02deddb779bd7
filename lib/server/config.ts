import { z } from "zod";

const EnvSchema = z.object({
  LOOPSCOPE_MAX_UPLOAD_BYTES: z.coerce.number().int().positive().default(2 * 1024 ** 3),
  LOOPSCOPE_MAX_JSON_DOCUMENT_BYTES: z.coerce.number().int().positive().default(256 * 1024 ** 2),
  // A session unused this long is over, even before its 30-day expiry (docs/security.md).
  LOOPSCOPE_SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(12 * 60),
  LOOPSCOPE_UPLOAD_DIR: z.string().min(1).default(".data/uploads"),
  LOOPSCOPE_WORKER: z.enum(["on", "off"]).default("on"),
  // A job still active this long after it started is taken to have lost its worker and is retried.
  LOOPSCOPE_JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).default(3600),
  LOOPSCOPE_JOB_RETRIES: z.coerce.number().int().min(0).default(3),
  LOOPSCOPE_JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).default(30),
});

export type ServerConfig = z.infer<typeof EnvSchema>;

/** Read per call so tests and operators can change limits without a restart of the module graph. */
export function serverConfig(): ServerConfig {
  return EnvSchema.parse(process.env);
}
