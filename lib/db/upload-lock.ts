import { pgPool } from "./pool";

/**
 * Holds a session-level advisory lock on one upload until the returned function is called, on a connection of its
 * own: an attempt that ingests the upload while its body arrives and the queued job of the same upload (in this
 * process or another) never ingest it at once. A process that dies drops its connection and with it the lock, so
 * the job goes on. Not for the embedded server, whose pool has one connection.
 */
export async function lockUpload(uploadId: string): Promise<() => Promise<void>> {
  const client = await pgPool().connect();
  try {
    await client.query(`SELECT pg_advisory_lock(hashtext('loopscope-upload:' || $1))`, [uploadId]);
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    try {
      await client.query(`SELECT pg_advisory_unlock(hashtext('loopscope-upload:' || $1))`, [uploadId]);
      client.release();
    } catch (error) {
      // A connection that cannot unlock is closed, which unlocks.
      client.release(error as Error);
    }
  };
}
