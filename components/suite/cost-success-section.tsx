import Link from "next/link";
import type { CostSuccessChartModel } from "@/lib/presenters/cost-success-chart";
import { CostSuccessChart } from "./cost-success-chart";

/** The suite's cost-vs-success panel: the chart, the frontier runs by name, and the runs that could not be placed. */
export function CostSuccessSection({ model, suiteId }: { model: CostSuccessChartModel; suiteId: string }) {
  const other = model.basis === "agent" ? "total" : "agent";
  return (
    <section className="panel" aria-label="Cost vs success">
      <h2>Cost vs success</h2>
      <p className="muted">
        Mean {model.basis === "agent" ? "agent" : "agent + user simulator"} cost per trajectory against success rate,
        one point per run. The line joins the Pareto frontier: runs that no cheaper run matches or beats.{" "}
        <Link href={`/suites/${encodeURIComponent(suiteId)}/protocol?cost=${other}`}>
          Use {other === "agent" ? "agent cost only" : "agent + user cost"}
        </Link>
      </p>
      {model.points.length === 0 ? (
        <p className="muted">No run of this suite records a cost and an outcome (n/a).</p>
      ) : (
        <CostSuccessChart model={model} />
      )}
      {model.frontier.length > 0 ? (
        <p>
          Frontier:{" "}
          {model.frontier.map((point, index) => (
            <span key={point.id}>
              {index > 0 ? " → " : ""}
              <Link href={`/runs/${encodeURIComponent(point.id)}`}>{point.name}</Link> (${point.cost.toPrecision(3)},{" "}
              {point.success.toFixed(1)}%)
            </span>
          ))}
        </p>
      ) : null}
      {model.missing.length > 0 ? (
        <p className="muted">Not placed: {model.missing.map((run) => `${run.name} (${run.reason})`).join("; ")}.</p>
      ) : null}
    </section>
  );
}
