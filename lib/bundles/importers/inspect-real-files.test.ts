import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BundleInputError, IssueCollector } from "../issues";
import { openBundle } from "../read-bundle";
import type { Trajectory } from "../schema/trajectory";
import { REAL_DATA_DIR, REAL_DATA_SKIP_REASON, realDataFile } from "@/lib/testing/real-data";

interface Expected {
  file: string;
  format: string;
  suite: string;
  model: string;
  samples: number;
  epochs: number[];
  messages: number;
  toolCalls: number;
  errorResults: number;
  /** Rewards by task id; undefined = the sample has no score, so success is n/a. */
  rewards: Record<string, number | undefined>;
  /** The `accuracy` Inspect stored for the primary scorer, when it stored one. */
  accuracy?: number;
}

// Figures from ../shared/data/real/README.md (Inspect AI logs).
const FILES: Expected[] = [
  {
    file: "log_message_deduplication.eval",
    format: "inspect-eval",
    suite: "inspect/inspect_test_utils/guess_number",
    model: "hardcoded",
    samples: 1,
    epochs: [1],
    messages: 12,
    toolCalls: 5,
    errorResults: 0,
    rewards: { "0": 0 },
    accuracy: 0,
  },
  {
    file: "log_read_sample.eval",
    format: "inspect-eval",
    suite: "inspect/popularity",
    model: "gemma3",
    samples: 1,
    epochs: [1],
    messages: 3,
    toolCalls: 0,
    errorResults: 0,
    rewards: { "1": 1 },
    accuracy: 1,
  },
  {
    file: "2025-02-11T15-17-00-05-00_popularity_dPiJifoWeEQBrfWsAopzWr.eval",
    format: "inspect-eval",
    suite: "inspect/popularity",
    model: "gpt-4o-mini",
    samples: 10,
    epochs: [1],
    messages: 30,
    toolCalls: 0,
    errorResults: 0,
    rewards: Object.fromEntries(Array.from({ length: 10 }, (_, index) => [String(index + 1), undefined])),
  },
  // The file is a redacted test fixture: results claim accuracy 1.0 over 4 samples, but it holds one unscored sample.
  {
    file: "log_tool_call_error.json",
    format: "inspect-json",
    suite: "inspect/...",
    model: "...",
    samples: 1,
    epochs: [4],
    messages: 11,
    toolCalls: 0,
    errorResults: 11,
    rewards: { "1": undefined },
  },
];

async function readRealFile(file: string) {
  const bytes = readFileSync(realDataFile("inspect", file));
  const issues = new IssueCollector();
  const opened = await openBundle(
    (async function* () {
      yield bytes;
    })(),
    issues,
    { fileName: file },
  ).catch((error: unknown) => {
    if (error instanceof BundleInputError) issues.add(error.issue);
    return null;
  });
  const trajectories: Trajectory[] = [];
  if (opened)
    for await (const record of opened.records) if (record.kind === "trajectory") trajectories.push(record.value);
  return { opened, issues, trajectories };
}

describe.skipIf(!REAL_DATA_DIR)(
  REAL_DATA_DIR ? "real Inspect AI logs" : `real Inspect AI logs: skipped, ${REAL_DATA_SKIP_REASON}`,
  () => {
    it.each(FILES)("$file imports unchanged with Inspect's own figures", async (expected) => {
      const { opened, issues, trajectories } = await readRealFile(expected.file);
      expect(issues.issues).toEqual([]);
      expect(opened?.format).toBe(expected.format);
      expect(opened?.header.suite.name).toBe(expected.suite);
      expect(opened?.header.runs[0]?.model.name).toBe(expected.model);
      expect(opened?.header.tasks).toHaveLength(expected.samples);
      expect(trajectories).toHaveLength(expected.samples * expected.epochs.length);
      expect([...new Set(trajectories.map((t) => t.trial))]).toEqual(expected.epochs);
      const events = trajectories.flatMap((t) => t.events);
      expect(trajectories.reduce((sum, t) => sum + new Set(t.events.map((event) => event.message)).size, 0)).toBe(
        expected.messages,
      );
      expect(events.filter((event) => event.kind === "tool_call")).toHaveLength(expected.toolCalls);
      expect(events.filter((event) => event.kind === "tool_result" && event.error)).toHaveLength(expected.errorResults);
      expect(Object.fromEntries(trajectories.map((t) => [t.task, t.reward]))).toEqual(expected.rewards);

      const metadata = opened?.header.runs[0]?.metadata ?? {};
      if (expected.accuracy !== undefined) {
        expect(metadata.inspectAccuracy).toBe(expected.accuracy);
        const scored = trajectories.filter((t) => t.reward !== undefined);
        const successRate = scored.filter((t) => Math.abs((t.reward ?? 0) - 1) <= 1e-6).length / scored.length;
        expect(successRate).toBe(expected.accuracy);
      }
    });
  },
);
