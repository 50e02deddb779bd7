import { forbidden, notFound } from "next/navigation";
import type { z } from "zod";
import { firstValues } from "@/lib/presenters/compare-params";
import { AppError } from "./app-error";

/**
 * A page's dynamic segments against their shared schema (lib/contracts/route-params): a URL whose ids no resource can
 * have is a not-found page, exactly as the API route of the same resource answers 404.
 */
export async function pageParams<Schema extends z.ZodType>(
  schema: Schema,
  params: Promise<unknown>,
): Promise<z.output<Schema>> {
  const parsed = schema.safeParse(await params);
  if (!parsed.success) notFound();
  return parsed.data;
}

/** A page's search parameters (first value of a repeated key, as the API reads them) against its schema; a refusal is not-found. */
export async function pageQuery<Schema extends z.ZodType>(
  schema: Schema,
  searchParams: Record<string, string | string[] | undefined> | Promise<Record<string, string | string[] | undefined>>,
): Promise<z.output<Schema>> {
  const parsed = schema.safeParse(firstValues(await searchParams));
  if (!parsed.success) notFound();
  return parsed.data;
}

/**
 * Runs a page's use case and turns what it cannot show into Next's responses: nothing found (null, or an AppError
 * not_found) renders not-found.tsx, an AppError forbidden renders forbidden.tsx; every other error propagates.
 */
export async function loadPage<T>(load: () => Promise<T>): Promise<NonNullable<T>> {
  let value: T;
  try {
    value = await load();
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    if (error instanceof AppError && error.code === "forbidden") forbidden();
    throw error;
  }
  if (value === null || value === undefined) notFound();
  return value;
}
