import type { z } from "zod";
import { AppError, errorResponse, type AppErrorCode } from "./app-error";
import { assertNotBlind } from "./auth/blind-scope";
import { resolveActor } from "./auth/resolve-actor";
import { allows, type Access, type Actor } from "./auth/roles";
import { recordRequest } from "./health/metrics";
import { checkQuery, checkRouteParams, checkSameOrigin, locatedInputError } from "./request-guards";

/** Search parameters as Next hands them to pages: a key given once is a string, a repeated key an array. */
export type QueryValues = Record<string, string | string[]>;

export function queryValues(url: string): QueryValues {
  const values: QueryValues = {};
  for (const [name, value] of new URL(url).searchParams) {
    const earlier = values[name];
    values[name] = earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value];
  }
  return values;
}

export interface RouteContext<Params, Query = QueryValues> {
  params: Params;
  query: Query;
  actor: Actor;
}

export interface RouteOptions<Params, Query> {
  access?: Access;
  /**
   * Per-run detail (metrics, trajectories, comparisons): also 403 while the caller annotates an open blind study,
   * checked before the inputs so that a refusal says nothing about them (the API twin of requireRunDetailAccess).
   */
  runDetail?: boolean;
  /** The dynamic segments (lib/contracts/route-params); a mismatch is a 404 at `params.<name>`: no such thing exists. */
  params?: z.ZodType<Params>;
  /** The search parameters, validated and coerced; a mismatch is a 400 at `query.<name>`. */
  query?: z.ZodType<Query>;
}

/**
 * Wraps every route handler: refuses cross-site writes and NUL, checks who calls and whether they may (`access`,
 * default read; `runDetail`: not while annotating blind), validates the params and query against the route's schemas and hands the parsed values to the
 * handler, then maps errors in one place. Without a schema the raw values are passed on as before.
 */
export function route<Params = Record<string, string>, Query = QueryValues>(
  handler: (request: Request, context: RouteContext<Params, Query>) => Promise<Response>,
  options: RouteOptions<Params, Query> = {},
): (request: Request, context: { params: Promise<unknown> }) => Promise<Response> {
  const access = options.access ?? "read";
  return async (request, context) => {
    const started = performance.now();
    const response = await answer(request, context);
    recordRequest(request, response.status, (performance.now() - started) / 1000);
    return response;
  };

  async function answer(request: Request, context: { params: Promise<unknown> }): Promise<Response> {
    try {
      checkSameOrigin(request);
      checkQuery(request.url);
      const actor = await resolveActor(request.headers);
      if (!actor) throw new AppError("unauthorized", "sign in or send an API token (Authorization: Bearer ...)");
      if (!allows(actor, access))
        throw new AppError(
          "forbidden",
          `your role (${actor.role}${actor.kind === "token" ? " token" : ""}) does not allow ${access}`,
        );
      if (options.runDetail) await assertNotBlind(actor);
      const rawParams = await context.params;
      checkRouteParams(rawParams);
      const params = parseInput(options.params, rawParams, "params", "not_found") as Params;
      const query = parseInput(options.query, queryValues(request.url), "query", "bad_request") as Query;
      return await handler(request, { params, query, actor });
    } catch (error) {
      return errorResponse(error);
    }
  }
}

function parseInput(
  schema: z.ZodType | undefined,
  value: unknown,
  input: "params" | "query",
  code: AppErrorCode,
): unknown {
  if (!schema) return value;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw locatedInputError(code, input, parsed.error.issues);
  return parsed.data;
}
