import Link from "next/link";
import { notFound } from "next/navigation";
import { ComparedRunsList } from "@/components/compare/compared-runs-list";
import { ExportLinks } from "@/components/compare/export-links";
import { GainPanel } from "@/components/compare/gain-panel";
import { PairedAnalysis } from "@/components/compare/paired-analysis";
import { PassHatKChart } from "@/components/compare/pass-hat-k-chart";
import { ProtocolTable } from "@/components/compare/protocol-table";
import { StopReasonsTable } from "@/components/compare/stop-reasons-table";
import { StrataTable } from "@/components/compare/strata-table";
import { TaskTable } from "@/components/compare/task-table";
import { CrossSuiteRefusal, SettingDifferences } from "@/components/compare/compare-guard-notice";
import { compareHref, ComparePageQuerySchema, firstValues, TASKS_PER_PAGE } from "@/lib/presenters/compare-params";
import { buildPassHatKSeries, buildStopReasonRows, buildStrataRows } from "@/lib/presenters/compare-series";
import { selectTaskRows } from "@/lib/presenters/compare-task-rows";
import { listPage } from "@/lib/presenters/list-page";
import { requireRunDetailAccess } from "@/lib/server/auth/page-access";
import { loadComparison } from "@/lib/server/compare-runs";
import { loadPage, pageQuery } from "@/lib/server/page-input";

export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ComparePage({ searchParams }: { searchParams: SearchParams }) {
  await requireRunDetailAccess();
  const params = firstValues(await searchParams);
  if (!params.runs) {
    return (
      <>
        <h1>Compare runs</h1>
        <div className="panel">
          Pick two or more runs on the <Link href="/runs">runs page</Link> and choose Compare; the first run is the
          baseline.
        </div>
      </>
    );
  }
  const query = await pageQuery(ComparePageQuerySchema, params);
  const { guard, comparison } = await loadPage(() => loadComparison(query.runs, { crossSuite: query.crossSuite }));
  if (!comparison) {
    return (
      <>
        <h1>Compare runs</h1>
        <CrossSuiteRefusal guard={guard} optInHref={compareHref(query.runs, { ...query, crossSuite: true })} />
      </>
    );
  }
  const { runs } = comparison;
  // Under the explicit cross-suite opt-in every heading says so, so no figure is read as a same-suite result.
  const mark = (title: string) => (guard.crossSuite ? `${title} (cross-suite)` : title);
  const [baseline] = runs;
  if (!baseline) notFound();
  const taskRows = listPage(selectTaskRows(comparison.tasks, query), query.page, TASKS_PER_PAGE);
  return (
    <>
      <h1>Compare runs</h1>
      <p className="lead">
        Baseline: {baseline.name} ({baseline.variant}). Deltas are paired over the tasks both runs share (matched by
        task id), with 95% bootstrap intervals resampling tasks.
      </p>
      <SettingDifferences guard={guard} />
      <ComparedRunsList runs={runs} />

      <h2>{mark("Protocols")}</h2>
      <p>
        <ExportLinks runIds={query.runs} table="protocol" crossSuite={query.crossSuite} />
      </p>
      {comparison.pairs.some((pair) => pair.baselineOnlyTasks + pair.candidateOnlyTasks > 0) ? (
        <p className="muted">
          Run columns are whole-run values; deltas and intervals are over the shared tasks only (see the paired analysis
          for what was left out).
        </p>
      ) : null}
      <ProtocolTable runs={runs} rows={comparison.protocolRows} />

      <GainPanel gain={comparison.gain} runs={runs} />

      <h2>{mark("Paired per-task analysis")}</h2>
      {comparison.pairs.map((pair) => {
        const candidate = runs.find((run) => run.id === pair.runId);
        return candidate ? (
          <PairedAnalysis key={pair.runId} baseline={baseline} candidate={candidate} pair={pair} runIds={query.runs} />
        ) : null;
      })}

      <h2>{mark("pass^k")}</h2>
      <div className="panel">
        <PassHatKChart series={buildPassHatKSeries(runs)} />
      </div>

      <div className="grid-2">
        <section>
          <h2>{mark("Stop reasons")}</h2>
          <StopReasonsTable runs={runs} rows={buildStopReasonRows(runs)} />
        </section>
        <section>
          <h2>{mark("Strata")}</h2>
          <StrataTable runs={runs} rows={buildStrataRows(runs, "turnDepth")} title="Turn depth (user turns)" />
          <h3>Persona</h3>
          <StrataTable runs={runs} rows={buildStrataRows(runs, "persona")} title="Persona" />
        </section>
      </div>

      <h2>{mark("Tasks")}</h2>
      <p>
        <ExportLinks runIds={query.runs} table="tasks" crossSuite={query.crossSuite} />
      </p>
      <TaskTable runs={runs} rows={taskRows} total={comparison.tasks.length} query={query} />
    </>
  );
}
