import { z } from "zod";
import { loadCompareRuns, type CompareRunRow } from "@/lib/db/compare";
import { guardComparison, type CompareGuard } from "@/lib/presenters/compare-guard";
import { readRunSetting } from "@/lib/presenters/run-setting";
import { AppError } from "./app-error";
import { listRunSummaries, type RunSummary } from "./list-runs";

const ComponentSchema = z.object({
  name: z.string().optional(),
  version: z.string().optional(),
  config: z.record(z.string(), z.unknown()).optional(),
});

function describeComponent(value: unknown): string | null {
  const parsed = ComponentSchema.safeParse(value);
  if (!parsed.success) return null;
  const model = parsed.data.config?.llm;
  const parts = [parsed.data.name, parsed.data.version, typeof model === "string" ? model : undefined].filter(
    (part): part is string => part !== undefined && part !== "",
  );
  return parts.length > 0 ? parts.join(" ") : null;
}

/** Whether these runs may be compared as they are: their suites and the settings in which they differ. */
export async function loadCompareGuard(runIds: readonly string[]): Promise<CompareGuard> {
  const [summaries, rows] = await Promise.all([listRunSummaries({ runIds }), loadCompareRuns({ runIds: [...runIds] })]);
  return buildCompareGuard(runIds, summaries, rows);
}

/** The guard from the runs' summaries and header rows (a computed comparison has both loaded already). */
export function buildCompareGuard(
  runIds: readonly string[],
  summaries: readonly RunSummary[],
  rows: readonly CompareRunRow[],
): CompareGuard {
  const byId = new Map(summaries.map((run) => [run.id, run]));
  const rowsById = new Map(rows.map((row) => [row.id, row]));
  const missing = runIds.filter((id) => !byId.has(id) || !rowsById.has(id));
  if (missing.length > 0) throw new AppError("not_found", `no run with id ${missing.join(", ")}`);
  return guardComparison(
    runIds.flatMap((id) => {
      const run = byId.get(id);
      const row = rowsById.get(id);
      if (!run || !row) return [];
      const setting = readRunSetting(run.metadata);
      return [
        {
          id,
          name: run.displayName,
          suiteId: run.suiteId,
          suite: run.suite,
          userMode: setting.userMode,
          userSimulator: describeComponent(row.userSimulatorConfig),
          judge: describeComponent(row.judgeConfig),
          policyVariant: setting.policyVariant,
          taskSetVersion: setting.taskSetVersion,
          pairedRunIds: run.pairedRunIds,
          variant: run.variant,
        },
      ];
    }),
  );
}

/** The refusal of a cross-suite comparison, for the API (the page renders its own). */
export function refuseCrossSuite(guard: CompareGuard): never {
  throw new AppError(
    "conflict",
    `these runs come from different suites (${guard.suites.join("; ")}): task ids do not mean the same task across suites, so paired figures would compare different tasks. Compare the pairs of each suite, or add crossSuite=1 to compare anyway.`,
    { suites: guard.suites, pairs: guard.pairLinks.map((link) => link.href) },
  );
}
