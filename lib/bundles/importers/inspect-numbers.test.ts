import { describe, expect, it } from "vitest";
import { zipSync } from "fflate";
import { chunksOf } from "@/lib/testing/factories";
import { makeInspectEvalMembers, makeInspectHeader, makeInspectSamples } from "@/lib/testing/inspect-log";
import { IssueCollector } from "../issues";
import { openBundle } from "../read-bundle";
import type { Trajectory } from "../schema";

type Sample = ReturnType<typeof makeInspectSamples>[number];

/** The fixture's first sample (a, epoch 1) edited; `"BIG"` in the JSON text becomes the number 1e400. */
function samplesWith(edit: (sample: Sample) => void): Sample[] {
  const samples = makeInspectSamples();
  if (samples[0]) edit(samples[0]);
  return samples;
}

const withBig = (text: string) => text.replaceAll('"BIG"', "1e400");

async function read(content: string | Uint8Array, fileName: string) {
  const issues = new IssueCollector();
  const opened = await openBundle(chunksOf(content, 512), issues, { fileName });
  const trajectories: Trajectory[] = [];
  if (opened)
    for await (const record of opened.records) if (record.kind === "trajectory") trajectories.push(record.value);
  return { trajectories, warnings: opened?.warnings ?? [], issues: issues.issues };
}

const jsonLog = (samples: Sample[]) => withBig(JSON.stringify({ ...makeInspectHeader(), samples }));

describe("Inspect numbers", () => {
  it("stores a negative total_time and cost as unknown, with located warnings", async () => {
    const samples = samplesWith((sample) => {
      sample.total_time = -1.5;
      sample.model_usage = { "openai/gpt-4o-mini": { input_tokens: 100, output_tokens: 10, total_cost: -0.002 } };
    });
    const { trajectories, warnings, issues } = await read(jsonLog(samples), "log.json");
    expect(issues).toEqual([]);
    expect(trajectories[0]?.durationMs).toBeUndefined();
    expect(trajectories[0]?.costUsd).toBeUndefined();
    expect(trajectories[0]?.usage).toEqual({ prompt: 100, completion: 10 });
    expect(warnings).toEqual(
      expect.arrayContaining([
        "samples[0].total_time is -1.5, not a finite number of at least 0: stored as unknown (n/a), not as 0",
        "samples[0].model_usage.openai/gpt-4o-mini.total_cost is -0.002, not a finite number of at least 0: stored as unknown (n/a), not as 0",
      ]),
    );
  });

  it("refuses a score that overflows to infinity at its path, where it used to read as unscored", async () => {
    const samples = samplesWith((sample) => {
      sample.scores = { match: { value: "BIG" }, judge: { value: 1 } };
    });
    const { issues } = await read(jsonLog(samples), "log.json");
    expect(issues).toEqual([
      expect.objectContaining({
        path: "samples[0].scores.match.value",
        message: expect.stringMatching(/^the score is too large for a number/),
      }),
    ]);
  });

  it("keeps 1e400 in tool arguments as its text, in a .json log and in an .eval archive", async () => {
    const samples = samplesWith((sample) => {
      const messages = sample.messages as Array<Record<string, unknown>>;
      messages[2] = {
        ...messages[2],
        tool_calls: [{ id: "call_1", function: "get_weather", arguments: { n: "BIG" } }],
      };
    });
    const members = makeInspectEvalMembers({}, { "samples/a_epoch_1.json": withBig(JSON.stringify(samples[0])) });
    const zipped = zipSync(members);
    for (const [content, fileName] of [
      [jsonLog(samples), "log.json"],
      [zipped, "log.eval"],
    ] as const) {
      const { trajectories, warnings } = await read(content, fileName);
      const call = trajectories
        .find((trajectory) => trajectory.id === "uuid-a-1")
        ?.events.find((event) => event.kind === "tool_call");
      expect(call).toMatchObject({ arguments: { n: "1e400" } });
      expect(warnings).toEqual(
        expect.arrayContaining([expect.stringMatching(/tool_calls\[0\]\.arguments\.n is the number 1e400/)]),
      );
    }
  });

  it("keeps 1e400 in a sample's target and choices as its text, naming where, in .json and .eval logs", async () => {
    const samples = samplesWith((sample) => {
      sample.target = ["BIG"];
      sample.choices = ["1", "BIG"];
    });
    const members = makeInspectEvalMembers({}, { "samples/a_epoch_1.json": withBig(JSON.stringify(samples[0])) });
    for (const [content, fileName, where] of [
      [jsonLog(samples), "log.json", "samples\\[0\\]"],
      [zipSync(members), "log.eval", "samples/a_epoch_1\\.json"],
    ] as const) {
      const { warnings, issues } = await read(content, fileName);
      expect(issues).toEqual([]);
      expect(warnings).toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            new RegExp(`^${where}\\.target\\[0\\] is the number 1e400, .*stored as the text "1e400"`),
          ),
        ]),
      );
    }
  });

  it("keeps 1e400 in the log's header (task arguments) as its text, naming where", async () => {
    const header = makeInspectHeader();
    const log = withBig(
      JSON.stringify({ ...header, eval: { ...(header.eval as object), task_args: { n: "BIG" } }, samples: [] }),
    );
    const { warnings } = await read(log, "log.json");
    expect(warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^eval\.task_args\.n is the number 1e400, .*stored as the text "1e400"/),
      ]),
    );
  });
});
