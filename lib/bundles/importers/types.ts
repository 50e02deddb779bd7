import type { BundleIssue } from "../issues";
import type { BundleFormat } from "../formats";
import type { BundleDocumentInput, TaskInput, TrajectoryInput } from "../schema/inputs";

export interface ImportContext {
  fileName: string;
  /** Inspect logs: the scorer whose values become rewards (default: the log's first scorer). */
  scorer?: string;
}

/** What an importer makes of a foreign file: a Loopscope bundle document, validated afterwards like any upload. */
export type ImportResult =
  { ok: true; format: BundleFormat; document: unknown; warnings: string[] } | { ok: false; issues: BundleIssue[] };

export interface DocumentImporter {
  format: BundleFormat;
  /** A cheap structural test; the first importer that matches converts the document. */
  matches(document: unknown): boolean;
  convert(document: unknown, context: ImportContext): ImportResult;
}

/** One source record converted: a trajectory, possibly a task the header lacked, or the issues that stopped it. */
export interface ConvertedRecord {
  trajectory?: TrajectoryInput;
  addedTask?: TaskInput;
  issues: BundleIssue[];
}

/**
 * A foreign document read as a stream: the header (everything but the records) is converted
 * first, then each record on its own, so a file of any size is never held whole.
 */
export interface StreamingConversion {
  format: BundleFormat;
  /** The bundle document with empty record lists; validated as the envelope. */
  header: BundleDocumentInput;
  /** Grows while records are converted; read once all are. */
  warnings: string[];
  headerIssues: BundleIssue[];
  convert(raw: unknown, index: number): ConvertedRecord;
  /** Adds the warnings that are only known at the end (counts over all records). */
  finish(): void;
}
