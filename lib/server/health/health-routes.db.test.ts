import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getHealth } from "@/app/healthz/route";
import { GET as getMetrics } from "@/app/metrics/route";
import { GET as getReadiness } from "@/app/readyz/route";
import { jobQueue, stopJobQueue } from "@/lib/server/jobs/queue";
import { useJobQueue, useTemporaryUploadDir } from "@/lib/testing/upload-jobs";

const noParams = { params: Promise.resolve({}) };

beforeAll(async () => {
  useJobQueue();
  useTemporaryUploadDir();
  await jobQueue(); // creates pg-boss's schema, as a worker's start does
});

afterAll(async () => {
  await stopJobQueue({ graceful: false });
  delete process.env.LOOPSCOPE_UPLOAD_DIR;
});

describe("GET /healthz", () => {
  it("answers 200 without touching anything else", async () => {
    const response = getHealth();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });
});

describe("GET /readyz", () => {
  it("is ready when the database, the queue and the upload store answer", async () => {
    const response = await getReadiness();
    const body = (await response.json()) as { status: string; checks: { part: string; ok: boolean }[] };
    expect(response.status).toBe(200);
    expect(body.status).toBe("ready");
    expect(body.checks.map((check) => [check.part, check.ok])).toEqual([
      ["database", true],
      ["queue", true],
      ["uploadStore", true],
    ]);
  });

  it("answers 503 naming the upload store when its directory cannot be written", async () => {
    const kept = process.env.LOOPSCOPE_UPLOAD_DIR;
    // A directory below a regular file can never be created, even by root.
    process.env.LOOPSCOPE_UPLOAD_DIR = "/etc/hostname/uploads";
    try {
      const response = await getReadiness();
      const body = (await response.json()) as { status: string; checks: { part: string; ok: boolean }[] };
      expect(response.status).toBe(503);
      expect(body.status).toBe("not ready: uploadStore");
      expect(body.checks.find((check) => check.part === "uploadStore")?.ok).toBe(false);
    } finally {
      process.env.LOOPSCOPE_UPLOAD_DIR = kept;
    }
  });
});

describe("GET /metrics", () => {
  it("exposes process, request, upload, job and pool figures in Prometheus text format", async () => {
    await getMetrics(new Request("http://test/metrics"), noParams); // counted by the next scrape
    const response = await getMetrics(new Request("http://test/metrics"), noParams);
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^loopscope_http_requests_total\{route="\/metrics",method="GET",status="200"\} [1-9]/m);
    expect(text).toMatch(/^loopscope_db_pool_connections\{state="open"\} \d+/m);
    expect(text).toMatch(/^loopscope_ingest_events_per_second \d/m);
    expect(text).toContain("# TYPE loopscope_queue_depth gauge");
  });

  it("refuses a scraper without a token in locked mode", async () => {
    process.env.LOOPSCOPE_AUTH = "required";
    try {
      const response = await getMetrics(new Request("http://test/metrics"), noParams);
      expect(response.status).toBe(401);
    } finally {
      delete process.env.LOOPSCOPE_AUTH;
    }
  });
});
