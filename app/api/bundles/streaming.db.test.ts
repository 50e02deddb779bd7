import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { tableCounts } from "@/lib/testing/table-counts";
import { makeTau2Document, makeTau2Simulation, streamOf, tau2Text, type Tau2Layout } from "@/lib/testing/tau2-fixtures";
import { POST } from "./route";

const context = { params: Promise.resolve({}) };

function post(body: BodyInit, fileName: string) {
  return POST(
    new Request("http://test/api/bundles", {
      method: "POST",
      body,
      headers: { "content-type": "application/json", "x-file-name": fileName },
      duplex: "half",
    } as RequestInit),
    context,
  );
}

const spillFolders = () =>
  readdirSync(tmpdir())
    .filter((name) => name.startsWith("loopscope-spill-"))
    .sort();

function delta(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(after).map(([table, count]) => [table, count - (before[table] ?? 0)]));
}

describe("POST /api/bundles: tau2 documents are read as streams", () => {
  it.each<Tau2Layout>(["one-line", "indented"])(
    "stores a %s tau2 file sent in small chunks, one simulation at a time",
    async (layout) => {
      const document = makeTau2Document(6, 3);
      const before = await tableCounts();
      const response = await post(streamOf(tau2Text(document, layout), 777), `stream-${layout}.json`);
      const body = await response.json();
      expect(response.status, JSON.stringify(body)).toBe(201);
      expect(body).toMatchObject({ format: "tau2", counts: { tasks: 6, trajectories: 18, events: 72 } });
      expect(delta(before, await tableCounts())).toMatchObject({ Bundle: 1, Run: 1, Trajectory: 18, Event: 72 });
    },
  );

  it("stores a file whose simulations come before info and tasks (they wait, then stream)", async () => {
    const document = makeTau2Document(4, 2);
    const text = tau2Text(document, "indented", ["simulations", "tasks", "info", "timestamp"]);
    const response = await post(streamOf(text, 500), "simulations-first.json");
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ format: "tau2", counts: { tasks: 4, trajectories: 8 } });
  });

  it("adds a task the tasks list lacks when a simulation names it, with a warning", async () => {
    const document = makeTau2Document(2, 1);
    document.simulations.push(makeTau2Simulation("unlisted", 0));
    const response = await post(streamOf(tau2Text(document, "one-line"), 300), "unlisted-task.json");
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(201);
    expect(body.counts).toMatchObject({ tasks: 3, trajectories: 3 });
    expect(body.warnings.join("\n")).toContain('refers to task "unlisted", which the tasks list lacks');
  });

  it("rejects a syntax error deep in an indented file with its line and column, and writes nothing", async () => {
    const lines = tau2Text(makeTau2Document(5, 2), "indented").split("\n");
    const line = Math.floor(lines.length * 0.8);
    lines[line - 1] = `${lines[line - 1]} oops`;
    const before = await tableCounts();
    const response = await post(streamOf(lines.join("\n"), 1000), "broken.json");
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.issues[0]).toMatchObject({ path: "", line });
    expect(body.issues[0].message).toMatch(/^invalid JSON: .*\(line \d+, column \d+\)$/);
    expect(await tableCounts()).toEqual(before);
  });

  it("reports an invalid simulation at its path while the rest streams, and writes nothing", async () => {
    const document = makeTau2Document(3, 2);
    const broken = document.simulations[4];
    if (broken) broken.messages = "not a list";
    const before = await tableCounts();
    const response = await post(streamOf(tau2Text(document, "one-line"), 2000), "bad-simulation.json");
    expect(response.status).toBe(422);
    expect((await response.json()).issues).toEqual([
      { path: "simulations[4].messages", line: 1, message: "messages must be a list" },
    ]);
    expect(await tableCounts()).toEqual(before);
  });

  it("refuses a message with no role or a role tau2 does not know, at its path and line, and writes nothing", async () => {
    const document = makeTau2Document(3, 2);
    const messagesOf = (index: number) => document.simulations[index]?.messages as Record<string, unknown>[];
    const robot = messagesOf(2)[0];
    if (robot) robot.role = "robot";
    const roleless = messagesOf(5)[3];
    if (roleless) delete roleless.role;
    const text = tau2Text(document, "indented");
    const lines = text.split("\n");
    const before = await tableCounts();
    const response = await post(streamOf(text, 2000), "bad-roles.json");
    expect(response.status).toBe(422);
    const issues = (await response.json()).issues as { path: string; line?: number; message: string }[];
    expect(issues.map(({ path, message }) => ({ path, message }))).toEqual([
      {
        path: "simulations[2].messages[0].role",
        message: 'unknown role "robot": expected one of assistant, user, tool, system',
      },
      {
        path: "simulations[5].messages[3].role",
        message: "a message needs a role: expected one of assistant, user, tool, system",
      },
    ]);
    // Each issue names the line its simulation starts on: the "{" just above the simulation's first key, its id.
    const startLine = (index: number) =>
      lines.findIndex((line) => line.includes(`"${document.simulations[index]?.id}"`));
    expect(issues.map((issue) => issue.line)).toEqual([startLine(2), startLine(5)]);
    expect(lines[startLine(2) - 1]?.trim()).toBe("{");
    expect(await tableCounts()).toEqual(before);
  });

  it("stores a tau-bench list: results are checked while streaming, spilled, and converted on a second pass", async () => {
    const marker = randomUUID();
    const results = Array.from({ length: 12 }, (_, index) => ({
      task_id: index % 4,
      trial: Math.floor(index / 4),
      reward: index % 2,
      // A fresh marker keeps the bytes unique across runs of this test (same bytes are a duplicate).
      info: {
        task: { user_id: `u${index % 4}`, actions: [], instruction: `Task ${index % 4}.` },
        user_cost: 0.01,
        marker: marker,
      },
      traj: [
        { role: "system", content: "# Airline Agent Policy\nBe kind." },
        { role: "user", content: `hello ${index}` },
        { role: "assistant", content: "###STOP###" },
      ],
    }));
    const before = await tableCounts();
    const spillsBefore = spillFolders();
    const text = JSON.stringify(results, null, 2);
    const response = await post(streamOf(text, 256), "gpt-4o-airline.json");
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ format: "tau-bench", counts: { tasks: 4, trajectories: 12 } });
    expect(body.warnings).toContain('domain "airline" taken from the content');
    expect(delta(before, await tableCounts())).toMatchObject({ Bundle: 1, Run: 1, Trajectory: 12 });
    // The same bytes again are a duplicate found before any write; the spilled results are still removed.
    const again = await post(streamOf(text, 256), "gpt-4o-airline.json");
    expect(again.status).toBe(200);
    expect(spillFolders()).toEqual(spillsBefore);
  });
});
