import Link from "next/link";

export interface StudyItemsTableRow {
  id: string;
  position: number;
  runId: string;
  trajectoryId: string | null;
  runName: string;
  taskExternalId: string;
  trial: number;
  stratum: string | null;
  assignments: { userId: string }[];
}

/** Admin view of the frozen items: what identifies each, whether its trajectory still exists, who labels it. */
export function StudyItemsTable({ items, names }: { items: StudyItemsTableRow[]; names: Map<string, string> }) {
  const deleted = items.filter((item) => item.trajectoryId === null).length;
  return (
    <section className="panel">
      <h2>
        Items ({items.length}
        {deleted > 0 ? `, ${deleted} deleted` : ""})
      </h2>
      {deleted > 0 ? (
        <p className="error-box">
          {deleted} item(s) point to trajectories that were deleted; their labels are kept and they are listed as
          deleted.
        </p>
      ) : null}
      <table className="data" aria-label="Study items">
        <thead>
          <tr>
            <th className="num">#</th>
            <th>Run / task / trial</th>
            <th>Stratum</th>
            <th>Annotators</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <td className="num">{item.position}</td>
              <td>
                {item.trajectoryId ? (
                  <Link href={`/runs/${item.runId}/trajectories/${item.trajectoryId}`}>
                    {item.runName} / {item.taskExternalId} / {item.trial}
                  </Link>
                ) : (
                  <>
                    {item.runName} / {item.taskExternalId} / {item.trial} <span className="badge bad">deleted</span>
                  </>
                )}
              </td>
              <td>{item.stratum ?? <span className="muted">n/a</span>}</td>
              <td>{item.assignments.map((a) => names.get(a.userId) ?? a.userId).join(", ")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
