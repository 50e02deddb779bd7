import type { BundleIssue } from "../issues";
import { BUNDLE_SCHEMA_VERSION, type JsonObject } from "../schema/common";
import type { BundleDocumentInput, RunInput } from "./bundle-input";
import { inferModel } from "./infer-model";
import { compact, isRecord, nonEmptyString, toJsonObject, toJsonValue } from "./json-value";
import { tau2Domain } from "./tau2-header";
import { tau2Importer } from "./tau2-importer";

/**
 * A tau2-bench leaderboard submission (web/leaderboard/public/submissions/<name>/ in sierra-research/tau2-bench):
 * `submission.json` with the claimed pass^1..pass^4 per domain, and `trajectories/*.json`, tau2 results files for
 * some (often none) of the domains. Imported as one run per domain: with a results file the run holds its
 * simulations, without one it holds the claim alone. The claim rides on the run's metadata (`submission`), so the
 * recomputed pass^k can be compared with it where it is read (lib/metrics/verify-submission-claim.ts).
 */

export const SUBMISSION_FILE = "submission.json";
export const PASS_KEYS = ["pass_1", "pass_2", "pass_3", "pass_4"] as const;
export type PassKey = (typeof PASS_KEYS)[number];
/** Percent, as submission.json gives them; null where the submission claims nothing. */
export type PassFigures = Record<PassKey, number | null>;

/** What a submission run's `metadata.submission` holds. */
export interface SubmissionMetadata extends JsonObject {
  name: string;
  modelOrganization: string | null;
  organization: string | null;
  date: string | null;
  domain: string;
  submissionType: string | null;
  claimed: PassFigures;
  /** The tau2 results file the run's trajectories came from; null when the submission has none for the domain. */
  trajectoriesFile: string | null;
  methodology: JsonObject | null;
  references: JsonObject[] | null;
}

/** A submission.json: an object with a model name and per-domain results (detected by content, not by file name). */
export function isTau2Submission(document: unknown): document is Record<string, unknown> {
  return isRecord(document) && typeof document.model_name === "string" && isRecord(document.results);
}

/** Thrown by the readers when an upload is a submission: ingest stores it as one bundle per domain. */
export class SubmissionDocument extends Error {
  constructor(
    readonly submission: Record<string, unknown>,
    readonly trajectoryFiles: { name: string; value: unknown }[],
  ) {
    super("a tau2-bench leaderboard submission");
    this.name = "SubmissionDocument";
  }
}

/** `<folder>/trajectories/<file>.json`, beside the submission.json. */
export const isTrajectoryMember = (name: string): boolean => /(^|\/)trajectories\/[^/]+\.json$/i.test(name);

export interface SubmissionBundle {
  domain: string;
  document: BundleDocumentInput;
}

export type SubmissionImport =
  { ok: true; bundles: SubmissionBundle[]; warnings: string[] } | { ok: false; issues: BundleIssue[] };

function claimedFigures(raw: unknown, path: string, issues: BundleIssue[]): PassFigures {
  const figures: PassFigures = { pass_1: null, pass_2: null, pass_3: null, pass_4: null };
  if (!isRecord(raw)) {
    issues.push({ path, message: "expected an object {pass_1, pass_2, pass_3, pass_4}" });
    return figures;
  }
  const before = issues.length;
  for (const key of PASS_KEYS) {
    const value = raw[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value > 100)
      issues.push({ path: `${path}.${key}`, message: "expected a percentage between 0 and 100, or null" });
    else figures[key] = value;
  }
  if (PASS_KEYS.every((key) => figures[key] === null) && issues.length === before)
    issues.push({ path, message: "claims no figure: at least one of pass_1..pass_4 must be a number" });
  return figures;
}

const textOrNull = (value: unknown): string | null => nonEmptyString(value) ?? null;

function references(value: unknown): JsonObject[] | null {
  if (!Array.isArray(value)) return null;
  return value.map((entry) => toJsonObject(entry) ?? { value: toJsonValue(entry) ?? null });
}

const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "-")
    .replace(/^-+|-+$/g, "");

interface Converted {
  file: string;
  document: BundleDocumentInput;
  warnings: string[];
}

function convertTrajectories(files: { name: string; value: unknown }[], issues: BundleIssue[]): Map<string, Converted> {
  const byDomain = new Map<string, Converted>();
  for (const file of files) {
    if (!tau2Importer.matches(file.value)) {
      issues.push({ path: file.name, message: "not a tau2 results file: expected {info: {...}, simulations: [...]}" });
      continue;
    }
    const domain = tau2Domain(isRecord(file.value) && isRecord(file.value.info) ? file.value.info : {});
    if (domain === undefined) {
      issues.push({ path: `${file.name}:info.environment_info.domain_name`, message: "the file names no domain" });
      continue;
    }
    const other = byDomain.get(domain);
    if (other) {
      issues.push({
        path: file.name,
        message: `a second results file for domain "${domain}" (the first is ${other.file}); one file per domain`,
      });
      continue;
    }
    const result = tau2Importer.convert(file.value, { fileName: file.name });
    if (!result.ok) {
      issues.push(...result.issues.map((issue) => ({ ...issue, path: `${file.name}:${issue.path}` })));
      continue;
    }
    byDomain.set(domain, {
      file: file.name,
      document: result.document as BundleDocumentInput,
      warnings: result.warnings.map((warning) => `${file.name}: ${warning}`),
    });
  }
  return byDomain;
}

/** The runs of a submission, one bundle document per domain, or the located issues that refuse it whole. */
export function importTau2Submission(
  submission: Record<string, unknown>,
  trajectoryFiles: { name: string; value: unknown }[],
): SubmissionImport {
  const issues: BundleIssue[] = [];
  const name = nonEmptyString(submission.model_name);
  if (name === undefined)
    issues.push({ path: `${SUBMISSION_FILE}:model_name`, message: "expected a non-empty string" });
  const results = isRecord(submission.results) ? submission.results : {};
  const domains = Object.keys(results);
  if (domains.length === 0) issues.push({ path: `${SUBMISSION_FILE}:results`, message: "lists no domain" });
  const claims = new Map<string, PassFigures>();
  for (const domain of domains)
    claims.set(domain, claimedFigures(results[domain], `${SUBMISSION_FILE}:results.${domain}`, issues));
  const converted = convertTrajectories(trajectoryFiles, issues);
  for (const [domain, file] of converted)
    if (!claims.has(domain))
      issues.push({
        path: file.file,
        message: `holds domain "${domain}", for which ${SUBMISSION_FILE} claims no results`,
      });
  if (issues.length > 0 || name === undefined) return { ok: false, issues };

  const organization = textOrNull(submission.submitting_organization);
  const date = textOrNull(submission.submission_date);
  // Every domain's run names the submission's model, whatever its results file's agent_info says.
  const model = inferModel(name);
  const identity = {
    model: compact({ name: model.name, family: model.family, size: model.size }),
    variant: model.variant,
    pairingKey: model.pairingKey,
  };
  const warnings: string[] = [];
  const bundles = domains.map((domain): SubmissionBundle => {
    const found = converted.get(domain);
    const metadata: SubmissionMetadata = {
      name,
      modelOrganization: textOrNull(submission.model_organization),
      organization,
      date,
      domain,
      submissionType: textOrNull(submission.submission_type),
      claimed: claims.get(domain) as PassFigures,
      trajectoriesFile: found?.file ?? null,
      methodology: toJsonObject(submission.methodology) ?? null,
      references: references(submission.references),
    };
    const runId = slug(`${name}-${organization ?? "unknown"}-${date ?? "undated"}-${domain}`) || `submission-${domain}`;
    const runName = `${name}${organization === null ? "" : ` (${organization})`} on tau2/${domain}, submission`;
    if (found) {
      warnings.push(...found.warnings);
      const [run] = found.document.runs as RunInput[];
      const submitted: RunInput = {
        ...(run as RunInput),
        ...compact(identity),
        id: runId,
        name: runName,
        metadata: { ...(run?.metadata ?? {}), submission: metadata },
      };
      const trajectories = (found.document.trajectories ?? []).map((trajectory) => ({ ...trajectory, run: runId }));
      return { domain, document: { ...found.document, runs: [submitted], trajectories } };
    }
    warnings.push(`${domain}: no trajectories in the submission; the run holds the claimed figures only`);
    const run: RunInput = compact({
      id: runId,
      name: runName,
      ...identity,
      metadata: { submission: metadata },
    });
    return {
      domain,
      document: {
        schemaVersion: BUNDLE_SCHEMA_VERSION,
        suite: { name: `tau2/${domain}`, version: "", domain, tools: [] },
        tasks: [],
        runs: [run],
        trajectories: [],
        turnPredictions: [],
      },
    };
  });
  return { ok: true, bundles, warnings };
}
