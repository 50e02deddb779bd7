import type { z } from "zod";

export interface BundleIssue {
  path: string;
  message: string;
  line?: number;
}

export const MAX_REPORTED_ISSUES = 100;
/**
 * Issues counted before reading stops: an upload with this many is refused whatever follows, and going on would cost
 * time in proportion to the file (22 million `{}` trajectories, about four issues each, held a core for minutes).
 */
export const MAX_COUNTED_ISSUES = 10_000;

/**
 * Keeps the first issues for the response and counts them; at MAX_COUNTED_ISSUES it stops the read by throwing
 * TooManyIssuesError, after keeping an issue that says where it stopped.
 */
export class IssueCollector {
  readonly issues: BundleIssue[] = [];
  total = 0;

  constructor(
    private readonly limit = MAX_REPORTED_ISSUES,
    private readonly stopAt = MAX_COUNTED_ISSUES,
  ) {}

  add(issue: BundleIssue): void {
    this.total += 1;
    if (this.issues.length < this.limit) this.issues.push(issue);
    if (this.total !== this.stopAt) return;
    const stop: BundleIssue = {
      ...(issue.line === undefined ? {} : { line: issue.line }),
      path: issue.path,
      message: `reading stopped after ${this.stopAt} issues, at ${issue.path || "this point"}${issue.line === undefined ? "" : ` (line ${issue.line})`}; the rest of the upload was not checked`,
    };
    this.issues.push(stop);
    throw new TooManyIssuesError(stop);
  }

  addAll(issues: Iterable<BundleIssue>): void {
    for (const issue of issues) this.add(issue);
  }

  get hasIssues(): boolean {
    return this.total > 0;
  }
}

export function formatPath(segments: ReadonlyArray<PropertyKey>): string {
  let out = "";
  for (const segment of segments) {
    if (typeof segment === "number") out += `[${segment}]`;
    else out += out === "" ? String(segment) : `.${String(segment)}`;
  }
  return out;
}

export function joinPath(prefix: string, suffix: string): string {
  if (prefix === "") return suffix;
  if (suffix === "") return prefix;
  return suffix.startsWith("[") ? `${prefix}${suffix}` : `${prefix}.${suffix}`;
}

function describeValue(value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined) return String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

function valueAt(input: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** Turns zod issues into bundle issues whose paths start at `prefix`. */
export function fromZodError(error: z.ZodError, input: unknown, prefix: string, line?: number): BundleIssue[] {
  return error.issues.map((issue) => {
    let message = issue.message;
    if (issue.code === "invalid_union" && "discriminator" in issue && issue.discriminator) {
      const options = "options" in issue && Array.isArray(issue.options) ? issue.options.join(", ") : "";
      message = `unknown ${String(issue.discriminator)} ${describeValue(valueAt(input, issue.path))}; expected one of: ${options}`;
    } else if (issue.code === "invalid_type" && valueAt(input, issue.path) === undefined) {
      message = `required field is missing (expected ${issue.expected})`;
    }
    const path = joinPath(prefix, formatPath(issue.path));
    return line === undefined ? { path, message } : { path, message, line };
  });
}

/** Thrown for input that cannot be read at all (truncated gzip, a JSON syntax error). */
export class BundleInputError extends Error {
  constructor(readonly issue: BundleIssue) {
    super(issue.message);
    this.name = "BundleInputError";
  }
}

/** The read stopped at MAX_COUNTED_ISSUES: its issue is already in the collector. */
export class TooManyIssuesError extends BundleInputError {
  constructor(issue: BundleIssue) {
    super(issue);
    this.name = "TooManyIssuesError";
  }
}
