import { z } from "zod";

const EnvSchema = z
  .object({
    LOOPSCOPE_MAX_UPLOAD_BYTES: z.coerce.number().int().positive().default(2 * 1024 ** 3),
    /** Bytes after decompression; unset = 4x the upload limit (gzip of JSON compresses 5-20x, bombs far more). */
    LOOPSCOPE_MAX_DECOMPRESSED_BYTES: z.coerce.number().int().positive().optional(),
    LOOPSCOPE_MAX_ARCHIVE_ENTRIES: z.coerce.number().int().positive().default(100_000),
    /** Wall-clock budget for reading and writing one upload. */
    LOOPSCOPE_MAX_READ_SECONDS: z.coerce.number().positive().default(1800),
  })
  .transform((env) => ({ ...env, LOOPSCOPE_MAX_DECOMPRESSED_BYTES: env.LOOPSCOPE_MAX_DECOMPRESSED_BYTES ?? 4 * env.LOOPSCOPE_MAX_UPLOAD_BYTES }));

export type ServerConfig = z.infer<typeof EnvSchema>;

/** Read per call so tests and operators can change limits without a restart of the module graph. */
export function serverConfig(): ServerConfig {
  return EnvSchema.parse(process.env);
}
