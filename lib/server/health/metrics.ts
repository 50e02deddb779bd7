import client from "prom-client";
import { poolUsage, queueJobCounts, replicaLagSeconds, uploadCounts, uploadEventsSince } from "@/lib/db/health";
import { isEmbeddedDatabase } from "@/lib/db/pool";
import { replicaStates } from "@/lib/db/replica-choice";

interface Instruments {
  registry: client.Registry;
  requests: client.Counter<"route" | "method" | "status">;
  latency: client.Histogram<"route" | "method">;
}

declare global {
  // One registry per process: Next.js may load the route modules that record and the one that reads separately.
  var loopscopeMetrics: Instruments | undefined;
}

/** Ingest throughput is averaged over this window, read from the uploads that finished in it (any process). */
const INGEST_WINDOW_SECONDS = 60;

function createInstruments(): Instruments {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const requests = new client.Counter({
    name: "loopscope_http_requests_total",
    help: "API requests by route pattern, method and status",
    labelNames: ["route", "method", "status"] as const,
    registers: [registry],
  });
  const latency = new client.Histogram({
    name: "loopscope_http_request_duration_seconds",
    help: "API request latency by route pattern and method",
    labelNames: ["route", "method"] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  registerDatabaseGauges(registry);
  return { registry, requests, latency };
}

/** Gauges read from PostgreSQL at scrape time, so every process reports the same cluster-wide figures. */
function registerDatabaseGauges(registry: client.Registry): void {
  new client.Gauge({
    name: "loopscope_uploads",
    help: "Uploads by phase and final HTTP status (status 'pending' while in progress)",
    labelNames: ["phase", "status"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await uploadCounts())
        this.set({ phase: row.phase, status: row.httpStatus === null ? "pending" : String(row.httpStatus) }, row.count);
    },
  });
  new client.Gauge({
    name: "loopscope_jobs",
    help: "Background jobs by queue and state (pg-boss)",
    labelNames: ["queue", "state"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await jobCountsOfThisScrape()) this.set({ queue: row.queue, state: row.state }, row.count);
    },
  });
  new client.Gauge({
    name: "loopscope_queue_depth",
    help: "Jobs waiting to start (created or retry) by queue",
    labelNames: ["queue"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const depth = new Map<string, number>();
      for (const row of await jobCountsOfThisScrape())
        if (row.state === "created" || row.state === "retry")
          depth.set(row.queue, (depth.get(row.queue) ?? 0) + row.count);
      for (const [queue, count] of depth) this.set({ queue }, count);
    },
  });
  new client.Gauge({
    name: "loopscope_ingest_events_per_second",
    help: `Events stored by uploads that finished in the last ${INGEST_WINDOW_SECONDS} s, per second`,
    registers: [registry],
    async collect() {
      this.set((await uploadEventsSince(INGEST_WINDOW_SECONDS)) / INGEST_WINDOW_SECONDS);
    },
  });
  new client.Gauge({
    name: "loopscope_replica_lag_seconds",
    help: "Replay lag of each read replica (-1 when unreachable)",
    labelNames: ["replica"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      (await replicaLagSeconds()).forEach((lag, index) => this.set({ replica: String(index) }, lag ?? -1));
    },
  });
  new client.Gauge({
    name: "loopscope_replica_last_verdict",
    help: "1 for each replica's last verdict when this process chose a reader: used, behind, lagging, erroring, resting",
    labelNames: ["replica", "verdict"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const state of replicaStates())
        if (state.lastVerdict) this.set({ replica: String(state.index), verdict: state.lastVerdict }, 1);
    },
  });
  new client.Gauge({
    name: "loopscope_db_pool_connections",
    help: "This process's primary pool: open, idle and waiting requests",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const usage = poolUsage();
      this.set({ state: "open" }, usage.total);
      this.set({ state: "idle" }, usage.idle);
      this.set({ state: "waiting" }, usage.waiting);
    },
  });
}

type JobCounts = Awaited<ReturnType<typeof queueJobCounts>>;
/** Set for the duration of one scrape, so the jobs and queue-depth gauges share one read of pg-boss's table. */
let scrapeJobCounts: Promise<JobCounts> | null = null;

function jobCountsOfThisScrape(): Promise<JobCounts> {
  if (isEmbeddedDatabase()) return Promise.resolve([]);
  return scrapeJobCounts ?? queueJobCounts();
}

function instruments(): Instruments {
  globalThis.loopscopeMetrics ??= createInstruments();
  return globalThis.loopscopeMetrics;
}

/** Ids in paths become ":id" so a route is one series, not one per run or upload. */
export function routePattern(url: string): string {
  const { pathname } = new URL(url, "http://localhost");
  return pathname
    .split("/")
    .map((segment) => (/^[0-9a-f-]{16,}$/i.test(segment) || /^\d+$/.test(segment) ? ":id" : segment))
    .join("/");
}

export function recordRequest(request: Request, status: number, seconds: number): void {
  const { requests, latency } = instruments();
  const route = routePattern(request.url);
  requests.inc({ route, method: request.method, status: String(status) });
  latency.observe({ route, method: request.method }, seconds);
}

/** The Prometheus text exposition of every instrument. */
export async function metricsText(): Promise<{ body: string; contentType: string }> {
  const { registry } = instruments();
  const counts = jobCountsOfThisScrape();
  counts.catch(() => undefined); // a failed read fails the gauges that await it, not the process
  scrapeJobCounts = counts;
  try {
    return { body: await registry.metrics(), contentType: registry.contentType };
  } finally {
    if (scrapeJobCounts === counts) scrapeJobCounts = null;
  }
}
