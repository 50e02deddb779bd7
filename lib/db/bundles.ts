import type { Prisma } from "./generated/client";
import { db, type DbOrTx } from "./client";

export const bundleSummarySelect = {
  id: true,
  contentHash: true,
  fileName: true,
  format: true,
  sizeBytes: true,
  uploadedAt: true,
  counts: true,
  runs: { where: { deletedAt: null }, select: { id: true, name: true }, orderBy: { name: "asc" } },
} satisfies Prisma.BundleSelect;

export type BundleSummary = Prisma.BundleGetPayload<{ select: typeof bundleSummarySelect }>;

export function findBundleByHash(
  { contentHash }: { contentHash: string },
  client: DbOrTx = db(),
): Promise<BundleSummary | null> {
  return client.bundle.findUnique({ where: { contentHash }, select: bundleSummarySelect });
}

export function findBundleById({ id }: { id: string }, client: DbOrTx = db()): Promise<BundleSummary | null> {
  return client.bundle.findUnique({ where: { id }, select: bundleSummarySelect });
}

export function listIngestedBundles(client: DbOrTx = db()): Promise<BundleSummary[]> {
  return client.bundle.findMany({
    where: { status: "ingested" },
    select: bundleSummarySelect,
    orderBy: { uploadedAt: "desc" },
  });
}
