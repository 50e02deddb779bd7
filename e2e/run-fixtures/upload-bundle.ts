import { request } from "@playwright/test";
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
