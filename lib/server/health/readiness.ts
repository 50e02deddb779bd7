import { pingDatabase, queueJobCounts } from "@/lib/db/health";
import { isEmbeddedDatabase } from "@/lib/db/pool";
import { checkUploadStore } from "../upload-store";

export type ReadinessPart = "database" | "queue" | "uploadStore";

export interface ReadinessCheck {
  part: ReadinessPart;
  ok: boolean;
  /** Why the part is not ready, or why it was not checked. */
  detail?: string;
}

export interface Readiness {
  ready: boolean;
  checks: ReadinessCheck[];
}

/** A load balancer waits a few seconds at most: a check that hangs counts as failed. */
const CHECK_TIMEOUT_MS = 3_000;

async function check(part: ReadinessPart, probe: () => Promise<unknown>): Promise<ReadinessCheck> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return { part, ok: true };
  } catch (error) {
    return { part, ok: false, detail: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What this process needs to serve: the database, the job queue's tables (not on the embedded database, where
 * uploads are ingested in the request) and a writable upload store.
 */
export async function readiness(): Promise<Readiness> {
  const checks = await Promise.all([
    check("database", pingDatabase),
    isEmbeddedDatabase()
      ? Promise.resolve<ReadinessCheck>({ part: "queue", ok: true, detail: "not used on the embedded database" })
      : check("queue", queueJobCounts),
    check("uploadStore", checkUploadStore),
  ]);
  return { ready: checks.every((entry) => entry.ok), checks };
}
