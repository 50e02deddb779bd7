import { listIngestedBundles } from "@/lib/db/bundles";

export async function listBundles() {
  const bundles = await listIngestedBundles();
  return bundles.map((bundle) => ({
    ...bundle,
    sizeBytes: Number(bundle.sizeBytes),
    uploadedAt: bundle.uploadedAt.toISOString(),
  }));
}
