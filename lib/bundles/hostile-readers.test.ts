import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { makeBundle, toJsonl } from "@/lib/testing/factories";
import { makeTau2Document, tau2Text } from "@/lib/testing/tau2-fixtures";
import { BundleInputError, IssueCollector, MAX_COUNTED_ISSUES } from "./issues";
import { openBundle } from "./read-bundle";

/**
 * The bombs of issue 34, made by generators so the test stays small: each must be refused with a located issue
 * after reading only a bounded part of the input (the generator counts what the reader pulled).
 */
const MiB = 1024 * 1024;

interface Source {
  chunks: AsyncGenerator<Uint8Array>;
  /** Bytes handed to the reader so far. */
  pulled: () => number;
}

function source(parts: () => Iterable<Uint8Array>, gzip = false): Source {
  let pulled = 0;
  async function* chunks(): AsyncGenerator<Uint8Array> {
    for (const part of parts()) {
      // A multi-member gzip: each part is a member of its own, so nothing is built whole.
      const bytes = gzip ? gzipSync(part) : part;
      pulled += bytes.length;
      yield bytes;
    }
  }
  return { chunks: chunks(), pulled: () => pulled };
}

function* repeated(text: string, times: number): Generator<Uint8Array> {
  const block = Buffer.from(text.repeat(Math.max(1, Math.floor(MiB / text.length))));
  const perBlock = block.length / text.length;
  for (let done = 0; done < times; done += perBlock) yield block;
}

async function refusal(input: Source, fileName = "bomb.json"): Promise<{ error: BundleInputError; total: number }> {
  const issues = new IssueCollector();
  try {
    const opened = await openBundle(input.chunks, issues, { fileName });
    for await (const _ of opened?.records ?? []);
  } catch (error) {
    if (error instanceof BundleInputError) return { error, total: issues.total };
    throw error;
  }
  throw new Error(`not refused (issues: ${JSON.stringify(issues.issues.slice(0, 3))})`);
}

/** The header fields of a valid bundle document, open for one more field. */
function bundleHead(): string {
  const { trajectories: _t, turnPredictions: _p, ...header } = makeBundle();
  return JSON.stringify(header).slice(0, -1);
}

describe("reader bombs are refused at the first byte that proves them", () => {
  it("a gzip of 16 MiB of `[` then `]` stops at byte 203, located", async () => {
    const input = source(function* () {
      yield* repeated("[", 16 * MiB);
      yield* repeated("]", 16 * MiB);
    }, true);
    const { error } = await refusal(input, "brackets.json.gz");
    expect(error.issue).toEqual({
      path: "[0]",
      line: 1,
      message: "nested more than 200 levels deep (line 1, column 203)",
    });
    // One gzip member of 1 MiB of `[` compresses to about 1 KB: the reader stopped in the first.
    expect(input.pulled()).toBeLessThan(64 * 1024);
  });

  it("a JSONL line of 4,000,000 `[` after a valid header is refused at that line before it is held whole", async () => {
    const header = toJsonl(makeBundle({ trajectories: [], turnPredictions: [] })).split("\n")[0] ?? "";
    const input = source(function* () {
      yield Buffer.from(`${header}\n`);
      yield* repeated("[", 4_000_000);
      yield* repeated("]", 4_000_000);
      yield Buffer.from("\n");
    });
    const { error } = await refusal(input, "deep.jsonl");
    expect(error.issue).toEqual({ path: "line 2", line: 2, message: "line 2 is nested more than 202 levels deep" });
    expect(input.pulled()).toBeLessThan(2 * MiB);
  });

  it("a million `{}` trajectories stop the read once the issues reach the cap", async () => {
    const input = source(function* () {
      yield Buffer.from(`${bundleHead()}, "trajectories": [`);
      yield* repeated("{},", 1_000_000);
      yield Buffer.from("{}]}");
    }, true);
    const { error, total } = await refusal(input, "empty-objects.json.gz");
    expect(total).toBe(MAX_COUNTED_ISSUES);
    expect(error.issue.path).toMatch(/^trajectories\[\d+\]/);
    expect(error.issue.message).toMatch(/^reading stopped after 10000 issues, at trajectories\[\d+\]/);
    // 1 MiB blocks of `{},` are about 350,000 items each: the read stopped in the first block.
    expect(input.pulled()).toBeLessThan(64 * 1024);
  });
});

describe("record lists that are not lists are refused, not read as empty", () => {
  for (const [field, value] of [
    ["trajectories", '"x"'],
    ["trajectories", '{"a": 1}'],
    ["trajectories", "5"],
    ["turnPredictions", '"zzz"'],
  ] as const) {
    it(`${field}: ${value}`, async () => {
      const issues = new IssueCollector();
      const opened = await openBundle(
        source(() => [Buffer.from(`${bundleHead()}, "${field}": ${value}}`)]).chunks,
        issues,
        { fileName: "bundle.json" },
      );
      expect(opened).toBeNull();
      expect(issues.issues).toEqual([
        {
          path: field,
          message: `expected an array, received ${value.startsWith('"') ? "string" : value === "5" ? "number" : "object"}`,
        },
      ]);
    });
  }
});

describe("benchmark rewards are checked, never dropped", () => {
  async function issuesOf(text: string, fileName: string) {
    const issues = new IssueCollector();
    const opened = await openBundle(source(() => [Buffer.from(text)]).chunks, issues, { fileName });
    for await (const _ of opened?.records ?? []);
    return issues.issues;
  }

  for (const [reward, message] of [
    ["1e400", "the reward is too large for a number (it overflows to infinity)"],
    ["-5", "the reward must be between 0 and 1, as the benchmark computes it; got -5"],
    ["7.5", "the reward must be between 0 and 1, as the benchmark computes it; got 7.5"],
  ] as const) {
    it(`tau2 reward ${reward} is an issue at the simulation`, async () => {
      const text = tau2Text(makeTau2Document(1, 1), "one-line").replace(/"reward":[0-9.]+/, `"reward":${reward}`);
      expect(await issuesOf(text, "results.json")).toEqual([
        { path: "simulations[0].reward_info.reward", line: 1, message },
      ]);
    });

    it(`tau-bench reward ${reward} is an issue at the result`, async () => {
      const text = `[{"task_id": 0, "reward": ${reward}, "info": {}, "traj": [], "trial": 0}]`;
      expect(await issuesOf(text, "tool-calling-gpt-4o-0.0_range_0--1_user-gpt-4o-llm_0101.json")).toEqual([
        { path: "[0].reward", message },
      ]);
    });
  }

  it("a tau2 reward breakdown number that overflows is an issue, not a null", async () => {
    const text = tau2Text(makeTau2Document(1, 1), "one-line").replace(
      '"reward_basis"',
      '"db_reward":1e999,"reward_basis"',
    );
    expect(await issuesOf(text, "results.json")).toEqual([
      {
        path: "simulations[0].reward_info.db_reward",
        line: 1,
        message: "the number is too large (it overflows to infinity)",
      },
    ]);
  });
});
