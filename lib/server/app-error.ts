import { z } from "zod";
import { formatPath } from "@/lib/bundles/issues";

export type AppErrorCode =
  "bad_request" | "unauthorized" | "forbidden" | "not_found" | "conflict" | "payload_too_large" | "unprocessable";

const STATUS: Record<AppErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unprocessable: 422,
};

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return STATUS[this.code];
  }
}

/** The one mapping from errors to HTTP responses: zod -> 422 with paths, AppError -> its status, else a 500 that leaks nothing. */
export function errorResponse(error: unknown): Response {
  if (error instanceof z.ZodError) {
    const issues = error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message }));
    return Response.json({ error: "invalid request", issues, totalIssues: issues.length }, { status: 422 });
  }
  if (error instanceof AppError)
    return Response.json({ error: error.message, ...error.details }, { status: error.status });
  console.error("unhandled error in route", error);
  return Response.json({ error: "internal error" }, { status: 500 });
}
