import type { ConfusionMatrix } from "@/lib/metrics";

/** Judge (rows) against the human majority (columns); items with a tied majority or no judge label are left out. */
export function ConfusionMatrixTable({ label, matrix }: { label: string; matrix: ConfusionMatrix }) {
  return (
    <table className="data" aria-label={`Confusion matrix ${label}`}>
      <caption>
        {label}: judge (rows) vs human majority (columns), n = {matrix.n}
      </caption>
      <thead>
        <tr>
          <th>judge \ humans</th>
          {matrix.labels.map((l) => (
            <th key={String(l)} className="num">
              {String(l)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {matrix.labels.map((row, i) => (
          <tr key={String(row)}>
            <th>{String(row)}</th>
            {matrix.labels.map((col, j) => (
              <td key={String(col)} className="num">
                {matrix.counts[i]?.[j] ?? 0}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
