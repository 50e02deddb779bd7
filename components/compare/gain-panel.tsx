import Link from "next/link";
import { formatDelta } from "@/lib/presenters/format";
import { buildGainChart } from "@/lib/presenters/compare-gain-points";
import type { ComparedRun, Comparison } from "@/lib/presenters/compare-types";
import { describeMissingFamily } from "@/lib/presenters/missing-data";
import { MissingFamilyLine } from "@/components/run/missing-family-line";
import { GainChart } from "./gain-chart";

export function GainPanel({ gain, runs }: { gain: Comparison["gain"]; runs: ComparedRun[] }) {
  const names = new Map(runs.map((run) => [run.id, run.name]));
  const chart = buildGainChart(gain.points);
  // Without gold-history turns on either side of every pair there is no turn-level gain to show: one line.
  if (gain.points.length > 0 && gain.points.every((point) => point.goldDelta === null)) {
    return (
      <section className="panel" aria-label="Turn-level gain vs workflow gain">
        <MissingFamilyLine family={describeMissingFamily("turnPredictions", "Turn-level gain vs workflow gain", [])} />
      </section>
    );
  }
  return (
    <section className="panel" aria-label="Turn-level gain vs workflow gain">
      <h2>Turn-level gain vs workflow gain</h2>
      <p className="muted">
        One point per model (pairing key): how much fine-tuning moved gold-history all-turn success (x) against
        closed-loop success (y). Points far right of the dashed diagonal gained on turns without gaining on workflows;
        the shaded corner is turn gain with workflow loss.
      </p>
      {gain.points.length === 0 ? (
        <p>No pair among these runs: a pair is two runs with the same pairing key and different variants.</p>
      ) : (
        <>
          {chart.data.length > 0 ? (
            <GainChart model={chart} />
          ) : (
            <p>No point can be drawn: the runs have no judged gold-history turns.</p>
          )}
          <table className="data" aria-label="Gain per model">
            <thead>
              <tr>
                <th>Model (pairing key)</th>
                <th>Base → candidate</th>
                <th className="num">Δ gold-history all-turn success</th>
                <th className="num">Δ closed-loop success</th>
              </tr>
            </thead>
            <tbody>
              {gain.points.map((point) => (
                <tr key={point.candidateRunId}>
                  <td>{point.pairingKey}</td>
                  <td>
                    {names.get(point.baseRunId)} → {names.get(point.candidateRunId)} ({point.candidateVariant})
                  </td>
                  <td className="num">{formatDelta(point.goldDelta, "rate")}</td>
                  <td className="num">{formatDelta(point.closedDelta, "rate")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {gain.suitePairsHref ? (
        <p>
          Only one pair here. <Link href={gain.suitePairsHref}>Compare all pairs of this suite</Link>.
        </p>
      ) : null}
      {gain.unpairedRuns.length > 0 ? (
        <p className="muted">Without a pair: {gain.unpairedRuns.map((id) => names.get(id) ?? id).join(", ")}.</p>
      ) : null}
    </section>
  );
}
