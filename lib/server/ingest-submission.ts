import { openBundle } from "@/lib/bundles/read-bundle";
import { IssueCollector, type BundleIssue } from "@/lib/bundles/issues";
import { importTau2Submission, type SubmissionDocument } from "@/lib/bundles/importers/tau2-submission";

/** One domain of a submission, as the bytes of a Loopscope bundle document stored as its own bundle. */
export interface SubmissionPart {
  domain: string;
  /** The run's id inside its bundle: how a re-import finds the domain of the run it replaces. */
  runId: string;
  fileName: string;
  bytes: Buffer;
}

export type PreparedSubmission =
  { ok: true; parts: SubmissionPart[]; warnings: string[] } | { ok: false; issues: BundleIssue[] };

async function* once(bytes: Buffer): AsyncGenerator<Uint8Array> {
  yield bytes;
}

/**
 * Converts a submission into one bundle document per domain (a bundle holds one suite) and reads every one of them
 * through the bundle reader before any is stored, so a bad domain refuses the whole submission with nothing written.
 */
export async function prepareSubmission(found: SubmissionDocument, fileName: string): Promise<PreparedSubmission> {
  const imported = importTau2Submission(found.submission, found.trajectoryFiles);
  if (!imported.ok) return imported;
  const parts: SubmissionPart[] = [];
  const issues: BundleIssue[] = [];
  for (const { domain, document } of imported.bundles) {
    const bytes = Buffer.from(JSON.stringify(document));
    const collector = new IssueCollector();
    const opened = await openBundle(once(bytes), collector, { fileName, format: "tau2-submission" });
    if (opened) for await (const _ of opened.records);
    issues.push(...collector.issues.map((issue) => ({ ...issue, path: `${domain}: ${issue.path}` })));
    parts.push({ domain, runId: document.runs[0]?.id ?? "", fileName: `${fileName} (${domain})`, bytes });
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, parts, warnings: imported.warnings };
}
