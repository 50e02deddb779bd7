import { readRunTags, type RunTags } from "@/lib/bundles/schema/run-tags";
import { buildDisplayNames } from "./run-display-names";
import { choosePairs, type RunPair } from "./run-pairs";
import type { RunSetting } from "@/lib/contracts/run-summary";
import { describeRunSetting } from "./run-setting";
import { describeCoverage, labelSuites, type SuiteForLabel } from "./suite-labels";

export interface IdentityRunInput {
  id: string;
  name: string;
  nameIsCustom: boolean;
  model: string;
  variant: string;
  pairingKey: string | null;
  suiteId: string;
  metadata: unknown;
  tags: unknown;
  createdAt: string;
  tasks: number;
  minTrials: number;
  maxTrials: number;
}

export interface RunIdentityView {
  displayName: string;
  suiteLabel: string;
  /** "12 of 50 tasks" when the run covers only part of its suite. */
  coverage: string | null;
  setting: RunSetting;
  tags: RunTags;
  /** The base for a candidate, the candidates for a base. */
  pairedRunIds: string[];
  /** The pair this run is the candidate of, if any. */
  pair: RunPair | null;
}

function sourceDate(metadata: unknown, fallback: string): string {
  if (
    typeof metadata === "object" &&
    metadata !== null &&
    "timestamp" in metadata &&
    typeof metadata.timestamp === "string"
  ) {
    const parsed = Date.parse(metadata.timestamp);
    if (!Number.isNaN(parsed)) return metadata.timestamp;
  }
  return fallback;
}

/** Names, suite labels, settings and pairs of every run, computed over the whole list so names are unique in any subset. */
export function buildRunIdentities(
  runs: readonly IdentityRunInput[],
  suites: readonly SuiteForLabel[],
): Map<string, RunIdentityView> {
  const suiteLabels = labelSuites(suites);
  const settings = new Map(runs.map((run) => [run.id, describeRunSetting(run.metadata)]));
  const names = buildDisplayNames(
    runs.map((run) => ({
      id: run.id,
      name: run.name,
      nameIsCustom: run.nameIsCustom,
      model: run.model,
      suite: suiteLabels.get(run.suiteId)?.short ?? run.suiteId,
      setting: settings.get(run.id)?.label ?? "",
      tasks: run.tasks,
      minTrials: run.minTrials,
      maxTrials: run.maxTrials,
      date: sourceDate(run.metadata, run.createdAt),
    })),
  );
  const pairs = choosePairs(
    runs.map((run) => ({
      id: run.id,
      suiteId: run.suiteId,
      pairingKey: run.pairingKey,
      variant: run.variant,
      settingKey: settings.get(run.id)?.key ?? "",
      createdAt: run.createdAt,
    })),
  );
  const pairOf = new Map(pairs.map((pair) => [pair.candidateRunId, pair]));
  const candidatesOf = new Map<string, string[]>();
  for (const pair of pairs)
    candidatesOf.set(pair.baseRunId, [...(candidatesOf.get(pair.baseRunId) ?? []), pair.candidateRunId]);
  return new Map(
    runs.map((run) => {
      const suite = suiteLabels.get(run.suiteId);
      const pair = pairOf.get(run.id) ?? null;
      return [
        run.id,
        {
          displayName: names.get(run.id) ?? run.name,
          suiteLabel: suite?.label ?? run.suiteId,
          coverage: suite ? describeCoverage(run.tasks, suite.taskCount) : null,
          setting: settings.get(run.id) ?? { key: "", label: "" },
          tags: readRunTags(run.tags),
          pairedRunIds: pair ? [pair.baseRunId] : (candidatesOf.get(run.id) ?? []),
          pair,
        },
      ];
    }),
  );
}

/** Whether a run carries every tag of the filter (key=value, exact). */
export function hasTags(tags: RunTags, filter: RunTags): boolean {
  return Object.entries(filter).every(([key, value]) => tags[key] === value);
}
