import { expect, request } from "@playwright/test";
import type { BundleInput } from "@/lib/testing/factories";
import { uploadBundle as uploadThroughApi } from "../fixtures/upload";

export interface UploadedRun {
  id: string;
  name: string;
}

/** Uploads from a beforeAll hook (no test-scoped request there) and returns the stored runs. */
export async function uploadBundle(baseURL: string, bundle: BundleInput): Promise<UploadedRun[]> {
  const context = await request.newContext({ baseURL, timeout: 60_000 });
  try {
    return (await uploadThroughApi(context, bundle)).runs;
  } finally {
    await context.dispose();
  }
}

export function runNamed(runs: UploadedRun[], prefix: string): UploadedRun {
  const run = runs.find((candidate) => candidate.name.startsWith(prefix));
  if (!run) throw new Error(`no uploaded run named ${prefix}...`);
  return run;
}

/**
 * Search's indexes are built by a job after the upload's answer (docs/search.md): waits until the search API no
 * longer names these runs as pending, as a user would reload.
 */
export async function waitUntilSearchable(baseURL: string, runs: UploadedRun[]): Promise<void> {
  const context = await request.newContext({ baseURL, timeout: 60_000 });
  try {
    for (const run of runs) {
      await expect
        .poll(
          async () => {
            const response = await context.get(`/api/search?q=indexed&run=${encodeURIComponent(run.id)}`);
            const body = (await response.json()) as { pendingRuns: { id: string }[] };
            return body.pendingRuns.map((pending) => pending.id);
          },
          { timeout: 60_000, message: `run ${run.name} was not indexed for search` },
        )
        .toEqual([]);
    }
  } finally {
    await context.dispose();
  }
}
