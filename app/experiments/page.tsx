import { requireRunDetailAccess } from "@/lib/server/auth/page-access";
import { getExperiments } from "@/lib/server/get-experiments";
import { buildDeltaChartSeries } from "@/lib/presenters/experiment-view";
import { DeltaChart } from "@/components/experiments/delta-chart";
import { ExperimentExportLinks } from "@/components/experiments/experiment-export-links";
import { ExperimentMatrixTable } from "@/components/experiments/experiment-matrix-table";

export const dynamic = "force-dynamic";

export default async function ExperimentsPage() {
  await requireRunDetailAccess();
  const matrix = await getExperiments();
  const series = buildDeltaChartSeries(matrix);
  return (
    <>
      <h1>Experiments</h1>
      <p className="lead">
        Did fine-tuning help, where, and is it significant? One row per model (pairing key) and fine-tuned variant, one
        column per suite and setting. Each cell pairs the base run with the variant&apos;s run over the tasks both ran:
        success with Wilson 95% intervals, the paired delta (a task&apos;s success is its mean over trials) with a task
        bootstrap 95% interval ({matrix.resamples.toLocaleString("en")} resamples, seed {matrix.seed}) and an exact
        McNemar p on per-task majority outcomes (a tie counts as a fail). The pooled column resamples tasks within each
        suite. Noise floor: ±2 SD of the difference between two reruns of the base (needs 2+ trials, else n/a).
      </p>
      <ExperimentExportLinks />
      {matrix.rows.length === 0 ? (
        <div className="panel">
          No base/fine-tuned pair yet. Runs pair when they share a suite, a setting and a pairing key and one of them
          has variant &ldquo;base&rdquo;; set both at upload or on the run page.
        </div>
      ) : (
        <>
          <ExperimentMatrixTable matrix={matrix} />
          <section className="panel" aria-label="Delta chart">
            <h2>Paired deltas with 95% intervals</h2>
            <DeltaChart series={series} />
            {series.missing > 0 ? (
              <p className="muted">{series.missing} without a shared task (n/a) left out.</p>
            ) : null}
          </section>
        </>
      )}
    </>
  );
}
