import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getSearch } from "@/app/api/search/route";
import { makeDefaultRubric } from "@/lib/presenters/study-rubric";
import { SearchQuerySchema, type SearchQuery } from "@/lib/presenters/search-query";
import { makeUserSession } from "@/lib/testing/accounts";
import { chunksOf, makeBundle, makeRun, makeTask, makeTrajectory, uniqueId } from "@/lib/testing/factories";
import { actorOf } from "@/lib/testing/study-fixtures";
import type { Actor } from "./auth/roles";
import { buildRunSearchIndexes } from "@/lib/db/run-search-index";
import { deleteRun } from "./delete-run";
import { ingestBundle } from "./ingest-bundle";
import { searchTraces } from "./search-events";
import { createStudy } from "./studies/create-study";

// Every text carries this file's own marker, so other tests' events in the shared database never match.
const marker = `zqx${Date.now().toString(36)}${process.pid}`;
const admin: Actor = { kind: "session", userId: null, name: "local admin", role: "admin", scopes: ["read", "upload"] };
const runIds: Record<string, string> = {};
let suiteId = "";

function query(input: Record<string, string>): SearchQuery {
  return SearchQuerySchema.parse(input);
}

async function hitsOf(input: Record<string, string>) {
  return (await searchTraces(admin, query(input))).hits;
}

async function ingest(
  bundle: ReturnType<typeof makeBundle>,
  { indexed = true }: { indexed?: boolean } = {},
): Promise<Record<string, string>> {
  const result = await ingestBundle({
    chunks: chunksOf(JSON.stringify(bundle)),
    fileName: `${uniqueId("search")}.json`,
  });
  if (result.kind !== "stored") throw new Error(JSON.stringify(result));
  // What the upload job queues after its answer (lib/server/search-indexing.ts), done here at once.
  if (indexed) for (const run of result.runs) await buildRunSearchIndexes(run.id);
  // Runs come back in the bundle's order.
  return Object.fromEntries(result.runs.map((run, index) => [bundle.runs[index]?.id ?? "", run.id]));
}

beforeAll(async () => {
  const events = (order: string, error: string) => [
    { kind: "user_message" as const, text: `Please refund order ${order} ${marker}` },
    { kind: "tool_call" as const, tool: "refund_order", callId: "c1", arguments: { order_id: order, note: marker } },
    { kind: "tool_result" as const, tool: "refund_order", callId: "c1", output: { error, marker }, error: true },
    { kind: "agent_message" as const, text: `Sorry, the refund failed ${marker} <script>alert(1)</script>` },
  ];
  const bundle = makeBundle({
    tasks: [makeTask(), makeTask({ id: "chat", expectedFinalState: undefined, requiredReplyInfo: undefined })],
    runs: [
      makeRun({ id: "base", model: { name: uniqueId("model-base") } }),
      makeRun({ id: "sft", variant: "sft", model: { name: uniqueId("model-sft") } }),
    ],
    trajectories: [
      makeTrajectory({ run: "base", events: events("ORD-7f3a91", "card_declined"), reward: 1 }),
      makeTrajectory({ run: "base", trial: 2, events: events("ORD-7f3a92", "insufficient_funds"), reward: 0 }),
      makeTrajectory({
        run: "sft",
        task: "chat",
        events: events("ORD-1b2c33", "card_declined"),
        finalState: undefined,
      }),
    ],
    turnPredictions: [],
  });
  Object.assign(runIds, await ingest(bundle));
  // A deleted run with the same words must never show.
  const gone = await ingest(
    makeBundle({
      runs: [makeRun({ id: "gone" })],
      trajectories: [makeTrajectory({ run: "gone", events: events("ORD-dead00", "card_declined") })],
      turnPredictions: [],
    }),
  );
  await deleteRun(admin, gone.gone ?? "");
  const { db } = await import("@/lib/db/client");
  suiteId = (await db().run.findUniqueOrThrow({ where: { id: runIds.base }, select: { suiteId: true } })).suiteId;
});

describe("searchTraces", () => {
  it("finds words in message text, tool names, arguments and results, never in deleted runs", async () => {
    const hits = await hitsOf({ q: marker });
    expect(hits).toHaveLength(12);
    expect(new Set(hits.map((hit) => hit.runId))).toEqual(new Set([runIds.base, runIds.sft]));
    expect(new Set(hits.map((hit) => hit.snippet?.field))).toEqual(new Set(["text", "arguments", "result"]));
    // Other tests' events also call refund_order and the page is ordered by trajectory, so look within this run.
    const toolHits = await hitsOf({ q: "refund_order", run: runIds.base ?? "" });
    // The tool name by substring; the words "refund order" as a phrase in the user's message too.
    expect(toolHits.map((hit) => hit.kind).sort()).toEqual([
      "tool_call",
      "tool_call",
      "tool_result",
      "tool_result",
      "user_message",
      "user_message",
    ]);
  });

  it("marks the words the full-text parser made of a token in every hit (issue 36, item 9)", async () => {
    // No marker in these texts: the other tests count the marker's hits. The run filter keeps others' events out.
    const runs = await ingest(
      makeBundle({
        runs: [makeRun({ id: "cancel" })],
        trajectories: [
          makeTrajectory({
            run: "cancel",
            events: [
              { kind: "user_message", text: "Please cancel my flight" },
              { kind: "agent_message", text: "Would you like me to cancel reservation EHGLP3?" },
              { kind: "tool_call", tool: "cancel_reservation", callId: "c1", arguments: { reservation_id: "EHGLP3" } },
              { kind: "tool_result", tool: "cancel_reservation", callId: "c1", output: { status: "cancelled" } },
              { kind: "agent_message", text: "Done: I called cancel_reservation for you." },
            ],
          }),
        ],
        turnPredictions: [],
      }),
    );
    const hits = await hitsOf({ q: "cancel_reservation", run: runs.cancel ?? "" });
    expect(hits.map((hit) => hit.kind)).toEqual(["agent_message", "tool_call", "tool_result", "agent_message"]);
    const marks = hits.map((hit) => hit.snippet?.segments.filter((segment) => segment.marked).map((s) => s.text));
    expect(marks).toEqual([
      ["cancel reservation"],
      ["cancel_reservation"],
      ["cancel_reservation"],
      ["cancel_reservation"],
    ]);
  });

  it("matches a substring of an id, ignoring case, and marks it in the snippet", async () => {
    // Five hex digits also occur by chance in other tests' hashes and ids, so look within this run.
    const mine = await hitsOf({ q: "7F3A9", run: runIds.base ?? "" });
    expect(mine.length).toBe(4);
    const snippet = mine.find((hit) => hit.kind === "user_message")?.snippet;
    expect(snippet?.segments.filter((segment) => segment.marked).map((segment) => segment.text)).toEqual(["7f3a9"]);
  });

  it("matches a phrase only in order, and an error message with its link to the event", async () => {
    const phrase = await hitsOf({ q: `"refund failed ${marker}"` });
    expect(phrase.map((hit) => hit.kind)).toEqual(["agent_message", "agent_message", "agent_message"]);
    expect(await hitsOf({ q: `"failed refund ${marker}"` })).toHaveLength(0);
    const errors = await hitsOf({ q: `insufficient_funds ${marker}` });
    expect(errors).toHaveLength(1);
    const [hit] = errors;
    expect(hit?.isError).toBe(true);
    expect(hit?.href).toBe(`/runs/${runIds.base}/trajectories/${hit?.trajectoryId}#event-${hit?.seq}`);
    expect(hit?.seq).toBe(2);
  });

  it("keeps markup in event text as text in the snippet", async () => {
    // Found as a substring: the full-text parser skips what sits inside <script> tags.
    const [hit] = await hitsOf({ q: "<script>alert(1)", run: runIds.sft ?? "" });
    expect(hit?.snippet?.segments.map((segment) => segment.text).join("")).toContain("<script>alert(1)</script>");
  });

  it("filters by run, suite, model, kind, role, outcome and tool error", async () => {
    const count = async (filters: Record<string, string>) => (await hitsOf({ q: marker, ...filters })).length;
    expect(await count({ run: runIds.sft ?? "" })).toBe(4);
    expect(await count({ suite: suiteId })).toBe(12);
    const { db } = await import("@/lib/db/client");
    const sft = await db().run.findUniqueOrThrow({ where: { id: runIds.sft }, select: { modelId: true } });
    expect(await count({ model: sft.modelId })).toBe(4);
    expect(await count({ kind: "tool_call" })).toBe(3);
    expect(await count({ actor: "user" })).toBe(3);
    expect(await count({ outcome: "success" })).toBe(4);
    expect(await count({ outcome: "failure" })).toBe(4);
    expect(await count({ outcome: "unknown" })).toBe(4);
    expect(await count({ errored: "1" })).toBe(3);
    expect(await count({ errored: "1", run: runIds.base ?? "", outcome: "failure" })).toBe(1);
  });

  it("counts matches, pages them and caps a common word at 1,000", async () => {
    const first = await searchTraces(admin, query({ q: marker }));
    expect(first).toMatchObject({ matches: 12, capped: false, hasNext: false });
    expect((await searchTraces(admin, query({ q: marker, page: "2" }))).hits).toHaveLength(0);

    const common = `${marker}common`;
    const events = Array.from({ length: 1005 }, (_, index) => ({
      kind: "agent_message" as const,
      text: `${common} line ${index}`,
    }));
    const many = await ingest(
      makeBundle({
        runs: [makeRun({ id: "many" })],
        trajectories: [makeTrajectory({ run: "many", events })],
        turnPredictions: [],
      }),
    );
    const page1 = await searchTraces(admin, query({ q: common }));
    expect(page1).toMatchObject({ matches: 1000, capped: true, hasNext: true });
    expect(page1.hits.map((hit) => hit.seq)).toEqual(page1.hits.map((hit) => hit.seq).sort((a, b) => a - b));
    const page2 = await searchTraces(admin, query({ q: common, page: "2" }));
    expect(page2.hits[0]?.seq).toBeGreaterThan(page1.hits.at(-1)?.seq ?? Infinity);
    const last = await searchTraces(admin, query({ q: common, page: "50" }));
    expect(last).toMatchObject({ hasNext: false });
    expect(last.hits).toHaveLength(20);
    expect(new Set(last.hits.map((hit) => hit.runId))).toEqual(new Set([many.many]));
  });
});

describe("indexing after upload", () => {
  it("leaves a run out of search, named as pending, until its own partition has both indexes", async () => {
    const late = `late${marker}`;
    const { fresh = "" } = await ingest(
      makeBundle({
        runs: [makeRun({ id: "fresh", name: `fresh ${late}` })],
        trajectories: [makeTrajectory({ run: "fresh", events: [{ kind: "user_message", text: `where is ${late}` }] })],
        turnPredictions: [],
      }),
      { indexed: false },
    );
    const before = await searchTraces(admin, query({ q: late }));
    expect(before.hits).toHaveLength(0);
    expect(before.pendingRuns).toContainEqual({ id: fresh, name: `fresh ${late}` });
    // A run filter names only that run as pending.
    expect((await searchTraces(admin, query({ q: late, run: fresh }))).pendingRuns).toEqual([
      { id: fresh, name: `fresh ${late}` },
    ]);

    expect(await buildRunSearchIndexes(fresh)).toBe("built");
    const after = await searchTraces(admin, query({ q: late }));
    expect(after.hits.map((hit) => hit.runId)).toEqual([fresh]);
    expect(after.pendingRuns.map((run) => run.id)).not.toContain(fresh);
    // Substring search uses the partition's trigram index too.
    expect((await hitsOf({ q: late.slice(2), run: fresh })).map((hit) => hit.runId)).toEqual([fresh]);
    expect(await buildRunSearchIndexes(fresh)).toBe("already-indexed");

    const { db } = await import("@/lib/db/client");
    const indexes = await db().$queryRaw<{ table: string; index: string }[]>`
      SELECT t.relname::text AS "table", i.relname::text AS "index"
      FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
      WHERE i.relname::text LIKE '%search%' AND (t.relname = 'Event' OR t.relname = 'Event_' || md5(${fresh}))`;
    // The parent has none (ATTACH would build them inside the ingest); the run's partition has both.
    expect(indexes.map((row) => row.index.replace(/^Event_[0-9a-f]{32}/, "Event_<run>")).sort()).toEqual([
      "Event_<run>_search_substring",
      "Event_<run>_search_words",
    ]);
  });

  it("skips a deleted run and reports it gone", async () => {
    const { doomed = "" } = await ingest(
      makeBundle({
        runs: [makeRun({ id: "doomed" })],
        trajectories: [makeTrajectory({ run: "doomed" })],
        turnPredictions: [],
      }),
      { indexed: false },
    );
    await deleteRun(admin, doomed);
    expect(await buildRunSearchIndexes(doomed)).toBe("gone");
    expect((await searchTraces(admin, query({ q: marker }))).pendingRuns.map((run) => run.id)).not.toContain(doomed);
  });
});

describe("GET /api/search", () => {
  let annotator: Awaited<ReturnType<typeof makeUserSession>>;
  let viewer: Awaited<ReturnType<typeof makeUserSession>>;
  const call = (url: string, cookie: string) =>
    getSearch(new Request(`http://test${url}`, { headers: { cookie } }), { params: Promise.resolve({}) });

  beforeAll(async () => {
    process.env.LOOPSCOPE_AUTH = "required";
    let peer: Awaited<ReturnType<typeof makeUserSession>>;
    [annotator, peer, viewer] = await Promise.all([
      makeUserSession("annotator"),
      makeUserSession("annotator"),
      makeUserSession("annotator"),
    ]);
    const owner = await makeUserSession("admin");
    await createStudy(actorOf(owner, "admin"), {
      name: "search blind",
      instructions: "Label.",
      source: { runIds: [runIds.base ?? ""], suiteId: null },
      sampleSize: 1,
      sampling: { method: "random", by: null, seed: 1 },
      annotatorsPerItem: 2,
      annotatorIds: [annotator.userId, peer.userId],
      blind: true,
      rubric: makeDefaultRubric(),
    });
  });

  afterAll(() => {
    delete process.env.LOOPSCOPE_AUTH;
  });

  it("answers hits as JSON to a reader", async () => {
    const response = await call(`/api/search?q=${marker}&kind=tool_result`, viewer.cookie);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { hits: { runId: string; isError: boolean }[]; hasNext: boolean };
    expect(body.hits).toHaveLength(3);
    expect(body.hits.every((hit) => hit.isError)).toBe(true);
  });

  it("refuses a bad query with located 400s", async () => {
    const empty = await call(`/api/search?q=`, viewer.cookie);
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { issues: { path: string }[] }).issues[0]?.path).toBe("q");
    const long = await call(`/api/search?q=${"a".repeat(201)}`, viewer.cookie);
    expect(((await long.json()) as { issues: { path: string }[] }).issues[0]?.path).toBe("q");
    const kind = await call(`/api/search?q=x&kind=secret&page=0`, viewer.cookie);
    expect(kind.status).toBe(400);
    const paths = ((await kind.json()) as { issues: { path: string }[] }).issues.map((issue) => issue.path);
    expect(paths.sort()).toEqual(["kind", "page"]);
  });

  it("is shut for an annotator of an open blind study, like the trajectory page", async () => {
    const response = await call(`/api/search?q=${marker}`, annotator.cookie);
    expect(response.status).toBe(403);
    expect(JSON.stringify(await response.json())).not.toContain(runIds.base);
  });

  it("needs a sign-in when auth is required", async () => {
    expect((await call(`/api/search?q=${marker}`, "")).status).toBe(401);
  });
});
