import { request } from "@playwright/test";
import type { BundleInput } from "@/lib/testing/factories";

export interface UploadedRun {
  id: string;
  name: string;
}

/** Posts a bundle to the running app's upload API and returns the stored runs. */
export async function uploadBundle(baseURL: string, bundle: BundleInput): Promise<UploadedRun[]> {
  const context = await request.newContext({ baseURL });
  try {
    const response = await context.post("/api/bundles", { data: bundle, headers: { "content-type": "application/json" }, timeout: 60_000 });
    const body: unknown = await response.json();
    if (response.status() !== 201) throw new Error(`upload failed with ${response.status()}: ${JSON.stringify(body).slice(0, 2000)}`);
    const runs = (body as { runs?: UploadedRun[] }).runs;
    if (!runs) throw new Error("upload response without runs");
    return runs;
  } finally {
    await context.dispose();
  }
}

export function runNamed(runs: UploadedRun[], prefix: string): UploadedRun {
  const run = runs.find((candidate) => candidate.name.startsWith(prefix));
  if (!run) throw new Error(`no uploaded run named ${prefix}...`);
  return run;
}
