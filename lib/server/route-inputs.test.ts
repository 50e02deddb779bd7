import { describe, expect, it } from "vitest";
import { z } from "zod";
import { repeated, RunParams, TrajectoryParams, UploadParams } from "@/lib/contracts/route-params";
import { queryValues, route } from "./route";

// No credentials and no LOOPSCOPE_AUTH: the local admin acts, so these run without a database.
const call = (handler: ReturnType<typeof route>, url: string, params: Record<string, string> = {}) =>
  handler(new Request(url), { params: Promise.resolve(params) });

const ListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  tag: repeated(z.array(z.string().min(1))),
});

const echo = route(async (_request, { params, query }) => Response.json({ params, query }), {
  params: TrajectoryParams,
  query: ListQuery,
});

describe("route(): declared params and query", () => {
  it("hands the parsed params and the coerced query, defaults filled in, to the handler", async () => {
    const response = await call(echo, "http://test/api/x?limit=7&tag=a&tag=b", { id: "run-1", trajectoryId: "t-2" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      params: { id: "run-1", trajectoryId: "t-2" },
      query: { limit: 7, tag: ["a", "b"] },
    });
    const defaults = await call(echo, "http://test/api/x?tag=only", { id: "r", trajectoryId: "t" });
    expect(await defaults.json()).toMatchObject({ query: { limit: 20, tag: ["only"] } });
  });

  it("answers a param no resource can have with a 404 located at params.<name>, before the handler runs", async () => {
    let ran = false;
    const handler = route(
      async () => {
        ran = true;
        return new Response("ran");
      },
      { params: RunParams },
    );
    const response = await call(handler, "http://test/api/runs/x", { id: "x".repeat(101) });
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: string; issues: { path: string }[]; totalIssues: number };
    expect(body.issues.map((issue) => issue.path)).toEqual(["params.id"]);
    expect(body.error).toMatch(/^params\.id: /);
    expect(body.totalIssues).toBe(1);
    expect(ran).toBe(false);
    const upload = await call(
      route(async () => new Response(), { params: UploadParams }),
      "http://test/u",
      {
        id: "not-a-uuid",
      },
    );
    expect(upload.status).toBe(404);
  });

  it("answers a bad query value with a 400 located at query.<name>, one issue per bad key", async () => {
    const response = await call(echo, "http://test/api/x?limit=abc&tag=", { id: "r", trajectoryId: "t" });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { issues: { path: string }[]; totalIssues: number };
    expect(body.issues.map((issue) => issue.path)).toEqual(["query.limit", "query.tag[0]"]);
    expect(body.totalIssues).toBe(2);
    const over = await call(echo, "http://test/api/x?limit=101", { id: "r", trajectoryId: "t" });
    expect(over.status).toBe(400);
  });

  it("keeps the NUL guard in front of the schemas (400 at params.id, not a 404)", async () => {
    const response = await call(echo, "http://test/api/x", { id: "a\u0000b", trajectoryId: "t" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ issues: [{ path: "params.id" }] });
  });

  it("passes raw params and query on when a route declares no schema", async () => {
    const raw = route(async (_request, { params, query }) => Response.json({ params, query }));
    const response = await call(raw, "http://test/api/x?a=1&a=2&b=3", { id: "anything" });
    expect(await response.json()).toEqual({ params: { id: "anything" }, query: { a: ["1", "2"], b: "3" } });
  });
});

describe("queryValues", () => {
  it("gives a key once as a string and a repeated key as an array, in order", () => {
    expect(queryValues("http://test/?x=1&y=&x=2&x=3")).toEqual({ x: ["1", "2", "3"], y: "" });
    expect(queryValues("http://test/")).toEqual({});
  });
});
