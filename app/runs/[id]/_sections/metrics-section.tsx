import { getRunMetrics } from "@/lib/server/get-run-metrics";
import { buildMetricCardGroups } from "@/lib/presenters/run-metric-cards";
import {
  buildErrorPositionSeries,
  buildPassKSeries,
  buildStopReasonSeries,
  buildStratumSeries,
} from "@/lib/presenters/run-charts";
import { MetricCardGroups } from "@/components/run/metric-card-groups";
import { RunCharts } from "@/components/run/run-charts";

export async function MetricsSection({ runId }: { runId: string }) {
  const metrics = await getRunMetrics(runId);
  const { infrastructure, unknownOutcome } = metrics.excluded;
  return (
    <>
      <p className="muted" aria-label="Run size">
        {metrics.trajectories} trajectories over {metrics.tasks} tasks
        {metrics.trialsPerTask.min !== null
          ? `, ${metrics.trialsPerTask.min === metrics.trialsPerTask.max ? metrics.trialsPerTask.min : `${metrics.trialsPerTask.min}-${metrics.trialsPerTask.max}`} trials per task`
          : ""}
        . Left out of success metrics: {infrastructure} infrastructure failures, {unknownOutcome} with unknown outcome.
      </p>
      <MetricCardGroups groups={buildMetricCardGroups(metrics)} />
      <RunCharts
        series={{
          passK: buildPassKSeries(metrics.passHatK, metrics.passAtK),
          stopReasons: buildStopReasonSeries(metrics.stopReasonDetails),
          turnDepth: buildStratumSeries(metrics.strata.turnDepth),
          persona: buildStratumSeries(metrics.strata.persona),
          errorPositions: buildErrorPositionSeries(metrics.errorPropagation),
          propagation: {
            withError: metrics.errorPropagation.withError,
            withoutError: metrics.errorPropagation.withoutError,
          },
        }}
      />
    </>
  );
}
