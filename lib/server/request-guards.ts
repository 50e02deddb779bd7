import type { z } from "zod";
import { formatPath } from "@/lib/bundles/issues";
import { AppError, type AppErrorCode } from "./app-error";
import { crossOriginReason, isStateChanging } from "./auth/same-origin";

// PostgreSQL text cannot hold NUL, and no id, name or filter of ours contains a control character.
// eslint-disable-next-line no-control-regex -- refusing control characters is the point of this check
const CONTROL = /[\u0000-\u001f\u007f]/;

function located(path: string, message: string): AppError {
  return new AppError("bad_request", `${path}: ${message}`, { issues: [{ path, message }], totalIssues: 1 });
}

/** A request input that failed its schema, as an AppError whose issues name where (`params.id`, `query.limit`). */
export function locatedInputError(
  code: AppErrorCode,
  input: "params" | "query",
  issues: readonly z.core.$ZodIssue[],
): AppError {
  const located = issues.map((issue) => ({ path: formatPath([input, ...issue.path]), message: issue.message }));
  const first = located[0] ?? { path: input, message: "invalid" };
  return new AppError(code, `${first.path}: ${first.message}`, { issues: located, totalIssues: located.length });
}

/** Route params are decoded by Next (`%00` arrives as NUL): refuse them before they reach a query. */
export function checkRouteParams(params: unknown): void {
  if (typeof params !== "object" || params === null) return;
  for (const [name, value] of Object.entries(params)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    if (values.some((item) => typeof item === "string" && CONTROL.test(item)))
      throw located(`params.${name}`, "must not contain control characters");
  }
}

/** Query values may hold tabs and newlines (a search), never NUL. */
export function checkQuery(url: string): void {
  for (const [name, value] of new URL(url).searchParams) {
    if (value.includes("\u0000")) throw located(`query.${name}`, "must not contain the NUL character");
  }
}

/** CSRF: a state-changing request from another site is refused before any credential is used. */
export function checkSameOrigin(request: Request): void {
  if (!isStateChanging(request.method)) return;
  const reason = crossOriginReason(request.headers, request.url);
  if (reason) throw new AppError("forbidden", `${reason}; state-changing requests must come from this site`);
}
