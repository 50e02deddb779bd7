// Search benchmark: builds (or reuses) a database of at least --events events (default 1,000,000) generated directly
// in SQL with tau-bench-like texts, tool names, order ids and error results, then times typical searches through
// the search use case (the same code GET /api/search runs) and prints p50/p95 per query.
// Needs a PostgreSQL server: BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/loopscope_bench).
// Usage: npm run bench:search -- [--events 1000000] [--repeat 20]
import { randomUUID } from "node:crypto";
import pg from "pg";
import { PARTITIONED_TABLES, partitionName } from "@/lib/db/run-partitions";
import { numberOption, useBenchDatabase } from "./bench-options";

const PREFIX = "bench-search";
const EVENTS_PER_TRAJECTORY = 30;
const TOOLS = [
  "get_order_details",
  "get_user_details",
  "cancel_pending_order",
  "return_delivered_order_items",
  "exchange_delivered_order_items",
  "modify_pending_order_address",
  "search_direct_flight",
  "book_reservation",
  "update_reservation_flights",
  "transfer_to_human_agents",
];
const USER_TEXTS = [
  "Hi, I want to return the water bottle from my last order, it leaks.",
  "Can you cancel order {id}? I ordered it by mistake.",
  "I would like a refund to my original payment method please.",
  "My zip code is 78703 and my name is Yusuf Rossi.",
  "Please change the shipping address of {id} to 445 Maple Drive, Suite 394, Seattle.",
  "I need to change my flight to a later one on the same day, the turbulence scared me last time.",
];
const AGENT_TEXTS = [
  "I found your order {id}. It contains 2 items and is still pending.",
  "Before I cancel {id}, please confirm the reason: no longer needed or ordered by mistake?",
  "The refund will go back to your credit card within 5 to 7 business days.",
  "I have updated the address for order {id}. Is there anything else I can help with?",
  "I'm sorry, but I cannot process that request because the order has already been delivered.",
  "Let me transfer you to a human agent who can help with the compensation.",
];
const ERRORS = [
  "Error: Non-pending order cannot be cancelled",
  "Error: payment method gift_card_7245904 has insufficient balance",
  "Error: user not found",
  "Error: the order {id} is not delivered",
];

/** A SQL array literal of texts, `{id}` replaced by the order id expression. */
function pick(texts: string[], index: string, id: string): string {
  const literals = texts.map((text) => `'${text.replaceAll("'", "''")}'`).join(", ");
  return `replace((ARRAY[${literals}])[1 + (${index}) % ${texts.length}], '{id}', ${id})`;
}

async function generate(client: pg.Client, events: number): Promise<void> {
  const trajectories = Math.ceil(events / EVENTS_PER_TRAJECTORY);
  const suites = ["airline", "retail"];
  const models = ["gpt-4.1", "claude-sonnet", "qwen3-8b", "qwen3-8b-sft"];
  const bundleId = randomUUID();
  await client.query(
    `INSERT INTO "Bundle" (id, "contentHash", "fileName", "sizeBytes", format) VALUES ($1, $2, 'bench-search.jsonl', 0, 'loopscope-jsonl')`,
    [bundleId, `${PREFIX}:${bundleId}`],
  );
  const runIds: string[] = [];
  for (const suite of suites) {
    const suiteId = randomUUID();
    await client.query(`INSERT INTO "Suite" (id, name, version, "definitionHash") VALUES ($1, $2, 'bench', 'x')`, [
      suiteId,
      `${PREFIX}-${suite}-${suiteId.slice(0, 8)}`,
    ]);
    await client.query(
      `INSERT INTO "Task" (id, "suiteId", "externalId", "definitionHash") SELECT $1 || '-' || g, $1, g::text, 'x' FROM generate_series(0, 49) g`,
      [suiteId],
    );
    for (const model of models) {
      const modelId = randomUUID();
      await client.query(`INSERT INTO "Model" (id, name) VALUES ($1, $2)`, [
        modelId,
        `${PREFIX}-${model}-${modelId.slice(0, 8)}`,
      ]);
      const runId = randomUUID();
      await client.query(
        `INSERT INTO "Run" (id, "bundleId", "suiteId", "modelId", "externalId", name, "sourceFormat") VALUES ($1, $2, $3, $4, $5, $6, 'loopscope-jsonl')`,
        [runId, bundleId, suiteId, modelId, runId, `${PREFIX} ${suite} ${model}`],
      );
      runIds.push(`${runId}|${suiteId}`);
      // Event and TurnPrediction are partitioned by run: one partition each, named as ingest names them.
      for (const table of PARTITIONED_TABLES)
        await client.query(
          `CREATE TABLE "${partitionName(table, runId)}" PARTITION OF "${table}" FOR VALUES IN ('${runId}')`,
        );
    }
  }
  // Trajectory t belongs to run t % runs; its task is one of its suite's 50; about a third succeed, some unknown.
  await client.query(
    `INSERT INTO "Trajectory" (id, "runId", "taskId", trial, "eventCount", success)
     SELECT $1 || '-' || t, split_part(r[1 + t % cardinality(r)], '|', 1), split_part(r[1 + t % cardinality(r)], '|', 2) || '-' || (t / 8) % 50,
            t / 400, ${EVENTS_PER_TRAJECTORY}, CASE t % 7 WHEN 0 THEN NULL ELSE t % 3 = 0 END
     FROM generate_series(0, $2::int - 1) t, (SELECT $3::text[] AS r) runs`,
    [bundleId, trajectories, runIds],
  );
  const id = `'#W' || (1000000 + (t * 7919 + s * 104729) % 8999999)`;
  const errorRow = `(t + s) % 11 = 0`;
  const slice = 2_000;
  for (let start = 0; start < trajectories; start += slice) {
    // Events cycle user message, tool call, tool result, agent message, agent message.
    await client.query(
      `INSERT INTO "Event" ("runId", "trajectoryId", seq, "turnIndex", kind, actor, "toolName", arguments, output, "isError", text)
       SELECT split_part(r[1 + t % cardinality(r)], '|', 1), $1 || '-' || t, s, s / 5,
              (ARRAY['user_message', 'tool_call', 'tool_result', 'agent_message', 'agent_message'])[1 + s % 5],
              CASE s % 5 WHEN 0 THEN 'user' ELSE 'agent' END,
              CASE WHEN s % 5 IN (1, 2) THEN (ARRAY[${TOOLS.map((tool) => `'${tool}'`).join(", ")}])[1 + (t + s / 5) % ${TOOLS.length}] END,
              CASE WHEN s % 5 = 1 THEN jsonb_build_object('order_id', ${id}, 'reason', 'no longer needed') END,
              CASE WHEN s % 5 = 2 THEN
                CASE WHEN ${errorRow} THEN to_jsonb(${pick(ERRORS, "t + s", id)})
                ELSE jsonb_build_object('order_id', ${id}, 'status', 'pending', 'items', jsonb_build_array(jsonb_build_object('name', 'Water Bottle', 'price', 24.99)), 'payment_method_id', 'credit_card_' || (t % 9000000)) END
              END,
              s % 5 = 2 AND ${errorRow},
              CASE s % 5 WHEN 0 THEN ${pick(USER_TEXTS, "t * 3 + s", id)}
                         WHEN 3 THEN ${pick(AGENT_TEXTS, "t + s", id)}
                         WHEN 4 THEN ${pick(AGENT_TEXTS, "t * 5 + s", id)} END
       FROM generate_series($2::int, $3::int) t, generate_series(0, ${EVENTS_PER_TRAJECTORY - 1}) s, (SELECT $4::text[] AS r) runs`,
      [bundleId, start, Math.min(trajectories, start + slice) - 1, runIds],
    );
    process.stdout.write(`\rgenerated ${Math.min(trajectories, start + slice) * EVENTS_PER_TRAJECTORY} events`);
  }
  process.stdout.write("\n");
}

async function countBenchEvents(client: pg.Client): Promise<number> {
  const result = await client.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM "Event" e JOIN "Trajectory" t ON t.id = e."trajectoryId" JOIN "Run" r ON r.id = t."runId" WHERE r.name LIKE $1`,
    [`${PREFIX} %`],
  );
  return Number(result.rows[0]?.n ?? 0);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function main(): Promise<void> {
  const events = numberOption("events", 1_000_000);
  const repeat = numberOption("repeat", 20);
  const url = await useBenchDatabase();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const existing = await countBenchEvents(client);
  if (existing >= events) console.log(`reusing ${existing} generated events`);
  else {
    const started = performance.now();
    // New runs' partitions get their search indexes after their rows, as after an upload (filling GIN indexes row by
    // row is far slower than building them once).
    await generate(client, events - existing);
    console.log(`generated in ${((performance.now() - started) / 1000).toFixed(0)} s; building the search indexes`);
    const indexStarted = performance.now();
    const { buildRunSearchIndexes, listRunsAwaitingSearchIndex } = await import("@/lib/db/run-search-index");
    for (const runId of await listRunsAwaitingSearchIndex()) await buildRunSearchIndexes(runId);
    console.log(`indexes built in ${((performance.now() - indexStarted) / 1000).toFixed(0)} s`);
    await client.query(`ANALYZE "Event"`);
    await client.query(`ANALYZE "Trajectory"`);
    await client.query(`ANALYZE "Run"`);
  }
  const total = await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM "Event"`);
  const run = await client.query<{ id: string; suiteId: string }>(
    `SELECT id, "suiteId" FROM "Run" WHERE name LIKE $1 AND "deletedAt" IS NULL ORDER BY name LIMIT 1`,
    [`${PREFIX} %`],
  );
  await client.end();
  const runId = run.rows[0]?.id ?? "";
  const suiteId = run.rows[0]?.suiteId ?? "";

  const { searchTraces } = await import("@/lib/server/search-events");
  const { SearchQuerySchema } = await import("@/lib/presenters/search-query");
  const admin = { kind: "session", userId: null, name: "bench", role: "admin", scopes: ["read"] } as const;
  const queries: [string, Record<string, string>][] = [
    ["word (common)", { q: "refund" }],
    ["word (rare)", { q: "turbulence" }],
    ["two words", { q: "water bottle leaks" }],
    ["phrase", { q: '"cannot be cancelled"' }],
    ["substring of an id", { q: "W10423" }],
    ["error message, errored", { q: "insufficient balance", errored: "1" }],
    ["tool name, kind tool_call", { q: "cancel_pending_order", kind: "tool_call" }],
    ["word, one run", { q: "refund", run: runId }],
    ["word, suite + failure", { q: "address", suite: suiteId, outcome: "failure" }],
    ["error, one run, page 3", { q: "Non-pending", run: runId, page: "3" }],
    ["no match", { q: "xylophone" }],
  ];
  console.log(
    `${total.rows[0]?.n ?? "?"} events in the database; ${repeat} timed repetitions per query after 2 warm-ups`,
  );
  console.log("query                            p50 ms   p95 ms   hits");
  for (const [label, params] of queries) {
    const query = SearchQuerySchema.parse(params);
    let hits = 0;
    for (let warm = 0; warm < 2; warm += 1) hits = (await searchTraces(admin, query)).hits.length;
    const times: number[] = [];
    for (let i = 0; i < repeat; i += 1) {
      const started = performance.now();
      await searchTraces(admin, query);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${label.padEnd(32)} ${percentile(times, 50).toFixed(0).padStart(6)}   ${percentile(times, 95).toFixed(0).padStart(6)}   ${hits}`,
    );
  }
  const { pgPool } = await import("@/lib/db/pool");
  await pgPool().end();
}

await main();
