import Link from "next/link";
import type { ReactNode } from "react";
import type { Disagreement } from "@/lib/presenters/agreement-disagreements";

interface DisagreementListProps {
  disagreements: Disagreement[];
  options: Record<string, { value: string; label: string }[]>;
  /** Renders the adjudication form of one row (a server action form, passed in by the page). */
  renderAdjudication: (row: Disagreement, options: { value: string; label: string }[]) => ReactNode;
}

/** Disputed items with a link to each timeline and the admin's adjudicated label. */
export function DisagreementList({ disagreements, options, renderAdjudication }: DisagreementListProps) {
  if (disagreements.length === 0)
    return (
      <p className="muted">
        No disagreement: humans agree with each other and with the judge on every item rated twice.
      </p>
    );
  return (
    <table className="data" aria-label="Disagreements">
      <thead>
        <tr>
          <th className="num">#</th>
          <th>Item</th>
          <th>Dimension</th>
          <th>Why</th>
          <th>Humans</th>
          <th>Judges</th>
          <th>Adjudicated</th>
        </tr>
      </thead>
      <tbody>
        {disagreements.map((d) => (
          <tr key={`${d.itemId}-${d.dimension}`}>
            <td className="num">{d.position}</td>
            <td>
              {d.trajectoryId ? (
                <Link href={`/runs/${d.runId}/trajectories/${d.trajectoryId}`}>{d.reference}</Link>
              ) : (
                <>
                  {d.reference} <span className="badge bad">deleted</span>
                </>
              )}
            </td>
            <td>{d.dimensionLabel}</td>
            <td>{d.reason}</td>
            <td>{d.humans.map((h) => `${h.name}: ${h.value}`).join("; ")}</td>
            <td>
              {d.judges.length === 0 ? (
                <span className="muted">no judge</span>
              ) : (
                d.judges.map((judge) => `${judge.name}: ${judge.value ?? "n/a"}`).join("; ")
              )}
            </td>
            <td>
              {d.adjudicated ? (
                <p>
                  <span className="badge ok">{d.adjudicated.value}</span>{" "}
                  <span className="muted">by {d.adjudicated.adjudicator}</span>
                </p>
              ) : null}
              {/* Derived dimensions (pass / fail from goal completion) are adjudicated on the dimension they come from. */}
              {options[d.dimension] ? renderAdjudication(d, options[d.dimension] ?? []) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
