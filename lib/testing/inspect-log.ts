import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { randomBytes } from "node:crypto";
import { Zip, ZipPassThrough, zipSync, strToU8 } from "fflate";

/**
 * A small Inspect AI log written the way Inspect writes one, for unit, DB and E2E tests:
 * samples a, b, c, d x epochs 1-2, two scorers (`match` with C/I letters first, then `judge`
 * with numbers, booleans and "P"), a tool call whose result failed with a timeout, a sample
 * halted by the message limit, and sample d failing with an error in both epochs.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Sample = { [key: string]: Json };

export interface InspectFixtureOptions {
  runId?: string;
  task?: string;
  model?: string;
}

const MATCH: Record<string, Json[]> = { a: ["C", "C"], b: ["C", "I"], c: ["I", "I"] };
const JUDGE: Record<string, Json[]> = { a: [1, 0.5], b: [true, false], c: ["P", 0] };

/** The figures Inspect would store, worked out by hand: mean over samples of the epoch mean (reducer "mean"). */
export const INSPECT_FIXTURE_FIGURES = {
  // match: a (1+1)/2 = 1, b (1+0)/2 = 0.5, c 0; d errored and is not scored -> (1 + 0.5 + 0) / 3
  matchAccuracy: 0.5,
  // judge: a (1+0.5)/2 = 0.75, b (1+0)/2 = 0.5, c (0.5+0)/2 = 0.25 -> 1.5 / 3
  judgeAccuracy: 0.5,
};

function messagesFor(id: string, epoch: number): Json[] {
  const base: Json[] = [
    { id: `${id}${epoch}-s`, role: "system", content: "attachment://5f1e0c8d2a9b" },
    { id: `${id}${epoch}-u`, role: "user", source: "input", content: `What is the weather in city ${id}?` },
  ];
  if (id === "a" && epoch === 1) {
    return [
      ...base,
      {
        id: "a1-c1",
        role: "assistant",
        content: "Let me look that up.",
        tool_calls: [{ id: "call_1", function: "get_weather", arguments: { city: "Paris" }, type: "function" }],
      },
      {
        id: "a1-r1",
        role: "tool",
        tool_call_id: "call_1",
        function: "get_weather",
        content: "",
        error: { type: "timeout", message: "Command timed out before completing." },
      },
      {
        id: "a1-c2",
        role: "assistant",
        content: "",
        tool_calls: [
          { id: "call_2", function: "get_weather", arguments: { city: "Paris", retry: true }, type: "function" },
        ],
      },
      { id: "a1-r2", role: "tool", tool_call_id: "call_2", function: "get_weather", content: "sunny, 21 C" },
      {
        id: "a1-f",
        role: "assistant",
        content: [
          { type: "reasoning", reasoning: "It said sunny." },
          { type: "text", text: "It is sunny in Paris." },
        ],
      },
    ];
  }
  return [...base, { id: `${id}${epoch}-f`, role: "assistant", content: `Answer for ${id}, epoch ${epoch}.` }];
}

function sampleFor(id: string, epoch: number): Sample {
  const sample: Sample = {
    id,
    epoch,
    input: `What is the weather in city ${id}?`,
    target: `weather-${id}`,
    messages: messagesFor(id, epoch),
    metadata: { difficulty: id === "c" ? "hard" : "easy" },
    attachments: { "5f1e0c8d2a9b": "You are a weather assistant. Use the tools." },
    model_usage: {
      "openai/gpt-4o-mini": {
        input_tokens: 100 * epoch,
        output_tokens: 10 * epoch,
        total_tokens: 110 * epoch,
        ...(id === "a" ? { total_cost: 0.002 } : {}),
      },
    },
    total_time: 1.5,
    uuid: `uuid-${id}-${epoch}`,
  };
  if (id === "d") {
    sample.error = { message: "RuntimeError: sandbox failed to start", traceback: "Traceback ...", traceback_ansi: "" };
    return sample;
  }
  sample.scores = {
    match: { value: MATCH[id]?.[epoch - 1] ?? null, answer: `answer-${id}` },
    judge: { value: JUDGE[id]?.[epoch - 1] ?? null, explanation: "graded" },
  };
  if (id === "c" && epoch === 2) sample.limit = { type: "message", limit: 6 };
  return sample;
}

export function makeInspectSamples(): Sample[] {
  return ["a", "b", "c", "d"].flatMap((id) => [1, 2].map((epoch) => sampleFor(id, epoch)));
}

/** The log without samples: what .eval keeps in header.json. */
export function makeInspectHeader(options: InspectFixtureOptions = {}): Sample {
  const metric = (value: number) => ({
    accuracy: { name: "accuracy", value, params: {} },
    stderr: { name: "stderr", value: 0.2, params: {} },
  });
  return {
    version: 2,
    status: "success",
    eval: {
      run_id: options.runId ?? "fixtureRun01",
      created: "2026-11-30T10:00:00+00:00",
      task: options.task ?? "weather_tools",
      task_id: "fixtureTask01",
      task_version: 1,
      task_args: { level: "easy" },
      tags: ["nightly"],
      metadata: { owner: "qa" },
      dataset: { name: "weather", samples: 4, sample_ids: ["a", "b", "c", "d"], shuffled: false },
      model: options.model ?? "openai/gpt-4o-mini",
      model_generate_config: { temperature: 0.5 },
      model_args: {},
      config: { epochs: 2, epochs_reducer: ["mean"], fail_on_error: false, message_limit: 6 },
      scorers: [{ name: "match" }, { name: "judge" }],
      packages: { inspect_ai: "0.3.140" },
    },
    plan: {
      name: "plan",
      steps: [
        { solver: "use_tools", params: {} },
        { solver: "generate", params: {} },
      ],
      config: { max_tokens: 512 },
    },
    results: {
      total_samples: 8,
      completed_samples: 6,
      scores: [
        {
          name: "match",
          scorer: "match",
          reducer: "mean",
          params: {},
          metrics: metric(INSPECT_FIXTURE_FIGURES.matchAccuracy),
        },
        {
          name: "judge",
          scorer: "judge",
          reducer: "mean",
          params: {},
          metrics: metric(INSPECT_FIXTURE_FIGURES.judgeAccuracy),
        },
      ],
    },
    stats: { started_at: "2026-11-30T10:00:00+00:00", completed_at: "2026-11-30T10:05:00+00:00", model_usage: {} },
  };
}

/** The older single-file encoding: the header plus `samples`. */
export function makeInspectJsonLog(options: InspectFixtureOptions = {}): string {
  return JSON.stringify({ ...makeInspectHeader(options), samples: makeInspectSamples() }, null, 2);
}

/** Members of an .eval zip; `overrides` replaces or (with null) removes members, to build broken logs. */
export function makeInspectEvalMembers(
  options: InspectFixtureOptions = {},
  overrides: Record<string, string | null> = {},
): Record<string, Uint8Array> {
  const header = makeInspectHeader(options);
  const samples = makeInspectSamples();
  const members: Record<string, string> = {
    "_journal/start.json": JSON.stringify({ version: header.version, eval: header.eval, plan: header.plan }),
  };
  for (const sample of samples)
    members[`samples/${String(sample.id)}_epoch_${String(sample.epoch)}.json`] = JSON.stringify(sample);
  members["summaries.json"] = JSON.stringify(
    samples.map(({ id, epoch, input, target, scores }) => ({ id, epoch, input, target, scores: scores ?? null })),
  );
  members["reductions.json"] = JSON.stringify([{ scorer: "match", reducer: "mean", samples: [] }]);
  members["header.json"] = JSON.stringify(header);
  for (const [name, text] of Object.entries(overrides)) {
    if (text === null) delete members[name];
    else members[name] = text;
  }
  return Object.fromEntries(Object.entries(members).map(([name, text]) => [name, strToU8(text)]));
}

export function makeInspectEvalLog(
  options: InspectFixtureOptions = {},
  overrides: Record<string, string | null> = {},
): Uint8Array {
  return zipSync(makeInspectEvalMembers(options, overrides), { level: 6 });
}

/**
 * Writes an .eval log of `samples` samples (one epoch each) to `path` member by member, each sample padded
 * with `paddingBytes` of random (incompressible) text, so the file is about as large as its samples: a log
 * that would cost its whole size in memory if read at once. Nothing large is held while it is written.
 */
export async function writeLargeInspectEval(path: string, samples: number, paddingBytes: number): Promise<number> {
  const out = createWriteStream(path);
  let written = 0;
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else {
      written += chunk.length;
      out.write(chunk);
    }
  });
  const add = async (name: string, text: string) => {
    const member = new ZipPassThrough(name);
    zip.add(member);
    member.push(strToU8(text), true);
    if (out.writableNeedDrain) await once(out, "drain");
  };
  const template = makeInspectSamples()[0] ?? {};
  const ids = Array.from({ length: samples }, (_, index) => `s${index}`);
  for (const id of ids)
    await add(
      `samples/${id}_epoch_1.json`,
      JSON.stringify({
        ...template,
        id,
        epoch: 1,
        metadata: { padding: randomBytes(paddingBytes).toString("base64") },
      }),
    );
  const header = makeInspectHeader({ runId: `large${samples}` });
  await add("summaries.json", JSON.stringify(ids.map((id) => ({ id, epoch: 1 }))));
  await add("header.json", JSON.stringify(header));
  zip.end();
  out.end();
  await once(out, "finish");
  if (failure) throw failure;
  return written;
}
