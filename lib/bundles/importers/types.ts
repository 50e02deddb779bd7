import type { BundleIssue } from "../issues";
import type { BundleFormat } from "../formats";

export interface ImportContext {
  fileName: string;
  /** Inspect logs: the scorer whose values become rewards (default: the log's first scorer). */
  scorer?: string;
}

/** What an importer makes of a foreign file: a Loopscope bundle document, validated afterwards like any upload. */
export type ImportResult =
  | { ok: true; format: BundleFormat; document: unknown; warnings: string[] }
  | { ok: false; issues: BundleIssue[] };

export interface DocumentImporter {
  format: BundleFormat;
  /** A cheap structural test; the first importer that matches converts the document. */
  matches(document: unknown): boolean;
  convert(document: unknown, context: ImportContext): ImportResult;
}
