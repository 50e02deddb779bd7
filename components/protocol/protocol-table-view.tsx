import { splitProtocolRows, type ProtocolRow, type ProtocolTable } from "@/lib/presenters/protocol-table";
import { MissingFamilyLine } from "@/components/run/missing-family-line";
import styles from "./protocol-table.module.css";

/** How many rows from `index` on share its level, or 0 when the row continues the level above (rowSpan). */
function levelSpan(rows: readonly ProtocolRow[], index: number): number {
  const level = rows[index]?.level;
  if (index > 0 && rows[index - 1]?.level === level) return 0;
  let span = 1;
  while (rows[index + span]?.level === level) span += 1;
  return span;
}

export function ProtocolTableView({ table }: { table: ProtocolTable }) {
  // Families no run of the suite has data for are one line under the table, not rows of n/a (as on /compare).
  const { rows, missing } = splitProtocolRows(table);
  return (
    <>
      {/* Focusable so a keyboard can scroll it sideways when it is wider than the screen (axe scrollable-region-focusable). */}
      <div
        className={styles.scroll}
        tabIndex={0}
        role="region"
        aria-label={`Protocol table of ${table.suite.name}, scrollable`}
      >
        <table className={`data ${styles.table}`} aria-label={`Protocol table of ${table.suite.name}`}>
          <thead>
            <tr>
              <th rowSpan={2}>Level</th>
              <th rowSpan={2}>Metric</th>
              <th rowSpan={2}>Scoring</th>
              {table.groups.map((group) => (
                <th key={group.key} colSpan={group.columns.length} className={styles.group}>
                  {group.label}
                </th>
              ))}
            </tr>
            <tr>
              {table.columns.map((column) => (
                <th key={column.runId} className={`num ${styles.variant}`} title={column.runName}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const span = levelSpan(rows, index);
              return (
                <tr key={`${row.level}-${row.metric}`}>
                  {span > 0 ? (
                    <th scope="rowgroup" rowSpan={span} className={styles.level}>
                      {row.level}
                    </th>
                  ) : null}
                  <th scope="row" className={styles.metric}>
                    {row.metric}
                  </th>
                  <td>
                    <span className={row.scoring === "LLM judge" ? "badge warn" : "badge"}>{row.scoring}</span>
                  </td>
                  {row.cells.map((cell, cellIndex) => (
                    <td
                      key={table.columns[cellIndex]?.runId ?? cellIndex}
                      className={`num ${cell === "n/a" ? "muted" : ""}`}
                    >
                      {cell}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {missing.map((family) => (
        <MissingFamilyLine key={family.source} family={family} />
      ))}
    </>
  );
}
