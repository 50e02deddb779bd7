import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@/lib/testing/free-port";

const CLI = path.join(import.meta.dirname, "loopscope.mjs");
const run = promisify(execFile);

/** The answer of POST /api/bundles for an upload the server stored at once (201), with the importer's warnings. */
const STORED = {
  format: "tau2",
  duplicate: false,
  counts: { tasks: 1, trajectories: 2, events: 9, turnPredictions: 0 },
  runs: [{ id: "run-1", name: "gpt-4o airline" }],
  warnings: ["2041 message timestamps were dropped: tau2 writes local time without a UTC offset"],
};

let server: Server;
let port = 0;
const received: IncomingMessage[] = [];
const file = path.join(mkdtempSync(path.join(tmpdir(), "loopscope-cli-")), "results.json");

/** Runs the real CLI with only the given environment variables (plus PATH), never the caller's LOOPSCOPE_URL. */
async function cli(args: string[], env: Record<string, string>) {
  return run(process.execPath, [CLI, ...args], {
    env: { NODE_ENV: "test", PATH: process.env.PATH ?? "", ...env },
  }).catch((error: { code: number; stdout: string; stderr: string }) => error);
}

beforeAll(async () => {
  writeFileSync(file, "{}");
  // A stand-in for the server's upload route, listening on every interface as `next start` does.
  server = createServer((request, response) => {
    received.push(request);
    request.resume();
    request.on("end", () => {
      response.writeHead(201, { "content-type": "application/json" });
      response.end(JSON.stringify(STORED));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("loopscope upload (issue 36, item 11)", () => {
  it("sends to http://localhost:$PORT when no --url or LOOPSCOPE_URL is given, and prints the importer's warnings", async () => {
    const before = received.length;
    const result = await cli(["upload", file], { PORT: String(port) });
    expect(received.length).toBe(before + 1);
    expect(received.at(-1)?.url).toBe("/api/bundles");
    expect(result.stdout).toContain("stored as tau2 (1 task, 2 trajectories, 9 events, no turn predictions)");
    expect(result.stderr).toContain("warning: 2041 message timestamps were dropped");
  });

  it("prefers LOOPSCOPE_URL to PORT", async () => {
    const before = received.length;
    const elsewhere = await freePort();
    const result = await cli(["upload", file], { LOOPSCOPE_URL: `http://127.0.0.1:${port}`, PORT: String(elsewhere) });
    expect(result.stderr).not.toContain("cannot reach");
    expect(received.length).toBe(before + 1);
  });

  it("names the address, where it came from, and --url when nothing listens there", async () => {
    const nobody = await freePort();
    const fromPort = await cli(["upload", file], { PORT: String(nobody) });
    expect(fromPort).toMatchObject({ code: 1 });
    expect(fromPort.stderr).toContain(`cannot reach http://localhost:${nobody} ($PORT)`);
    expect(fromPort.stderr).toContain("--url URL");
    const fromEnv = await cli(["upload", file], { LOOPSCOPE_URL: `http://127.0.0.1:${nobody}` });
    expect(fromEnv.stderr).toContain(`cannot reach http://127.0.0.1:${nobody} ($LOOPSCOPE_URL)`);
  });

  it("refuses an address without http:// as a usage error", async () => {
    const result = await cli(["upload", file], { LOOPSCOPE_URL: `localhost:${port}` });
    expect(result).toMatchObject({ code: 2 });
    expect(result.stderr).toContain('must start with http:// or https://, got "localhost:');
  });
});
