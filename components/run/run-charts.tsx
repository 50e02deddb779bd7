import type { ErrorPropagation } from "@/lib/metrics";
import type { HistogramPoint, PassKPoint, StopReasonPoint, StratumPoint } from "@/lib/presenters/run-charts";
import { formatPercent } from "@/lib/presenters/format";
import { ErrorPositionChart } from "@/components/charts/error-position-chart";
import { PassKChart } from "@/components/charts/pass-k-chart";
import { StopReasonChart } from "@/components/charts/stop-reason-chart";
import { StratumChart } from "@/components/charts/stratum-chart";

export interface RunChartSeries {
  passK: PassKPoint[];
  stopReasons: StopReasonPoint[];
  turnDepth: StratumPoint[];
  persona: StratumPoint[];
  errorPositions: HistogramPoint[];
  propagation: Pick<ErrorPropagation, "withError" | "withoutError">;
}

export function RunCharts({ series }: { series: RunChartSeries }) {
  const { withError, withoutError } = series.propagation;
  return (
    <div className="grid-2">
      <section className="panel" aria-label="pass^k and pass@k">
        <h3>pass^k and pass@k against k</h3>
        <PassKChart series={series.passK} />
        <p className="muted">Undefined where k exceeds a task&apos;s trials (shown as a gap, not 0).</p>
      </section>
      <section className="panel" aria-label="Stop reasons">
        <h3>Stop reasons</h3>
        <StopReasonChart series={series.stopReasons} />
      </section>
      <section className="panel" aria-label="Success by turn depth">
        <h3>Success by turn depth (user turns)</h3>
        <StratumChart series={series.turnDepth} axisLabel="user turns" />
      </section>
      <section className="panel" aria-label="Success by persona">
        <h3>Success by persona</h3>
        <StratumChart series={series.persona} axisLabel="persona" />
      </section>
      <section className="panel" aria-label="First error position">
        <h3>First error position</h3>
        <ErrorPositionChart series={series.errorPositions} />
        <p className="muted">
          Failure rate with an error: {formatPercent(withError.rate)} ({withError.failures}/{withError.n}); without:{" "}
          {formatPercent(withoutError.rate)} ({withoutError.failures}/{withoutError.n}).
        </p>
      </section>
    </div>
  );
}
