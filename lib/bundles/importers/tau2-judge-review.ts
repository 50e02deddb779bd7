import type { BundleIssue } from "../issues";
import { FieldNotes } from "./field-notes";
import { idString, isRecord, nonEmptyString, rewardIssue, toJsonValue } from "./json-value";
import { readNumber, type NumberRule } from "./number-rules";
import type { JsonValue } from "../schema/common";

/** A judge verdict read against the benchmark's outcome: pass = success, fail = failure. */
export type VerdictOutcome = "pass" | "fail";
/** Lower-cased verdict text -> the outcome it stands for (a user's mapping at import). */
export type LabelMapping = Readonly<Record<string, VerdictOutcome>>;

/**
 * tau2-bench's own rule (judge_viewer: the `agreement` field of its summaries): `pass` or `satisfied` is success,
 * `fail` is failure, any other verdict is not compared.
 */
export const TAU2_DEFAULT_LABELS: LabelMapping = { pass: "pass", satisfied: "pass", fail: "fail" };

/** The outcome a verdict stands for under the mapping (the user's entries first, then tau2's rule); null: not compared. */
export function verdictOutcome(verdict: string, mapping: LabelMapping = {}): VerdictOutcome | null {
  const key = verdict.trim().toLowerCase();
  return mapping[key] ?? TAU2_DEFAULT_LABELS[key] ?? null;
}

/** Parses `satisfactory:pass,failure:fail` (what `?labels=` and the upload page's field carry). */
export function parseLabelMapping(text: string): { ok: true; mapping: LabelMapping } | { ok: false; message: string } {
  const mapping: Record<string, VerdictOutcome> = {};
  for (const part of text.split(",")) {
    if (part.trim() === "") continue;
    const colon = part.lastIndexOf(":");
    const verdict = colon < 0 ? "" : part.slice(0, colon).trim().toLowerCase();
    const outcome =
      colon < 0
        ? ""
        : part
            .slice(colon + 1)
            .trim()
            .toLowerCase();
    if (verdict === "" || (outcome !== "pass" && outcome !== "fail"))
      return { ok: false, message: `"${part.trim()}" is not verdict:pass or verdict:fail` };
    mapping[verdict] = outcome;
  }
  return { ok: true, mapping };
}

/** One judged simulation, as Loopscope keeps it. */
export interface JudgeReviewEntry {
  simulationId: string;
  /** The judge's verdict as written (free text). */
  verdict: string;
  outcome: VerdictOutcome | null;
  justification: string | null;
  costUsd: number | null;
  details: { [key: string]: JsonValue };
}

export interface JudgeReviewJudge {
  /** judge_prompt_name */
  name: string;
  /** judge_model */
  model: string;
  entries: JudgeReviewEntry[];
}

export interface ParsedJudgeReview {
  judges: JudgeReviewJudge[];
  issues: BundleIssue[];
  /** Values stored as unknown (a negative cost, a token count that is not whole), located. */
  warnings: string[];
}

const SUMMARY_KEYS = ["total_judged", "agree_count", "entries"] as const;

/** A tau2-bench judge summary (`{total_judged, agree_count, disagree_count, total_cost_usd, entries}`), by content. */
export function isTau2JudgeReview(document: Record<string, unknown>): boolean {
  if (!SUMMARY_KEYS.every((key) => key in document) || !Array.isArray(document.entries)) return false;
  const first: unknown = document.entries[0];
  return first === undefined || (isRecord(first) && "simulation_id" in first && "judge_verdict" in first);
}

/** Found while opening a document: the upload is a judge review, not a bundle (ingest stores it elsewhere). */
export class JudgeReviewDocument extends Error {
  constructor(readonly document: Record<string, unknown>) {
    super("a tau2-bench judge review");
    this.name = "JudgeReviewDocument";
  }
}

const DETAIL_FIELDS = [
  ["task_id", "taskId"],
  ["tau2_reward", "tau2Reward"],
  ["tau2_success", "tau2Success"],
  ["agreement", "agreement"],
  ["judge_issues", "issues"],
  ["judge_prompt_name", "promptName"],
  ["judge_model", "model"],
  ["judge_temperature", "temperature"],
  ["judge_prompt_tokens", "promptTokens"],
  ["judge_completion_tokens", "completionTokens"],
  ["judge_total_tokens", "totalTokens"],
  ["label", "label"],
] as const;

/**
 * The numbers of an entry, by tau2's meaning: tau2_reward is the simulation's reward in [0, 1] (a located issue
 * otherwise, as in a results file); temperature, tokens and cost are measurements (stored as unknown otherwise).
 */
const NUMBER_RULES: Partial<Record<(typeof DETAIL_FIELDS)[number][0], NumberRule>> = {
  judge_temperature: "nonNegative",
  judge_prompt_tokens: "count",
  judge_completion_tokens: "count",
  judge_total_tokens: "count",
};

/** The entry's details, each number checked by its rule; a refused one is left out (unknown), never 0. */
function detailsOf(raw: Record<string, unknown>, path: string, notes: FieldNotes, issues: BundleIssue[]) {
  const details: { [key: string]: JsonValue } = {};
  const reward = rewardIssue(raw.tau2_reward);
  if (reward) issues.push({ path: `${path}.tau2_reward`, message: reward });
  for (const [from, to] of DETAIL_FIELDS) {
    const place = { path: `${path}.${from}`, notes };
    const rule = NUMBER_RULES[from];
    if (rule) {
      const reading = readNumber(raw[from], rule, place);
      if (reading.issue) issues.push(reading.issue);
      if (reading.value !== undefined) details[to] = reading.value;
      continue;
    }
    const value = toJsonValue(raw[from], place);
    if (value !== undefined) details[to] = value;
  }
  return details;
}

/** Every entry of a summary, grouped by judge (prompt name, model); entries that cannot be read are located issues. */
export function parseTau2JudgeReview(document: Record<string, unknown>, mapping: LabelMapping = {}): ParsedJudgeReview {
  const issues: BundleIssue[] = [];
  const notes = new FieldNotes();
  const judges = new Map<string, JudgeReviewJudge>();
  const entries = Array.isArray(document.entries) ? document.entries : [];
  const seen = new Set<string>();
  entries.forEach((raw: unknown, index) => {
    const path = `entries[${index}]`;
    if (!isRecord(raw)) {
      issues.push({ path, message: "an entry must be a JSON object" });
      return;
    }
    const simulationId = idString(raw.simulation_id);
    if (simulationId === undefined) {
      issues.push({ path: `${path}.simulation_id`, message: "an entry needs a simulation_id" });
      return;
    }
    if (typeof raw.judge_verdict !== "string") {
      issues.push({ path: `${path}.judge_verdict`, message: "judge_verdict must be a string" });
      return;
    }
    const name = nonEmptyString(raw.judge_prompt_name) ?? "tau2 judge";
    const model = nonEmptyString(raw.judge_model) ?? "";
    const key = `${name}\0${model}\0${simulationId}`;
    if (seen.has(key)) {
      issues.push({ path: `${path}.simulation_id`, message: `simulation ${simulationId} is judged twice by ${name}` });
      return;
    }
    seen.add(key);
    const details = detailsOf(raw, path, notes, issues);
    const cost = readNumber(raw.judge_cost_usd, "nonNegative", { path: `${path}.judge_cost_usd`, notes });
    if (cost.issue) issues.push(cost.issue);
    let judge = judges.get(`${name}\0${model}`);
    if (!judge) judges.set(`${name}\0${model}`, (judge = { name, model, entries: [] }));
    judge.entries.push({
      simulationId,
      verdict: raw.judge_verdict.trim(),
      outcome: verdictOutcome(raw.judge_verdict, mapping),
      justification: nonEmptyString(raw.judge_justification) ?? null,
      costUsd: cost.value ?? null,
      details,
    });
  });
  if (entries.length === 0) issues.push({ path: "entries", message: "the judge review has no entries" });
  return { judges: [...judges.values()], issues, warnings: notes.warnings() };
}
