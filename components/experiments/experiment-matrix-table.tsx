import type { ExperimentMatrix } from "@/lib/presenters/experiment-matrix";
import {
  describePooledScope,
  formatEffect,
  formatEffectInterval,
  formatNoiseFloor,
  formatP,
} from "@/lib/presenters/experiment-view";
import { ExperimentCellView } from "./experiment-cell-view";
import styles from "./experiments.module.css";

/** Rows = model and candidate variant, columns = suite (and setting), last column = the pooled, stratified effect. */
export function ExperimentMatrixTable({ matrix }: { matrix: ExperimentMatrix }) {
  return (
    <div className={`panel ${styles.scroll}`}>
      <table className="data" aria-label="Experiment matrix">
        <thead>
          <tr>
            <th scope="col">Model</th>
            {matrix.columns.map((column) => (
              <th scope="col" key={column.key}>
                {column.label}
              </th>
            ))}
            <th scope="col">Pooled (stratified by suite)</th>
          </tr>
        </thead>
        <tbody>
          {matrix.rows.map((row) => {
            const byColumn = new Map(row.cells.map((cell) => [cell.columnKey, cell]));
            return (
              <tr
                key={`${row.pairingKey}|${row.variant}`}
                data-testid={`experiment-row-${row.pairingKey}-${row.variant}`}
              >
                <th scope="row" className={styles.model}>
                  {row.pairingKey}
                  <div className="muted">base vs {row.variant}</div>
                </th>
                {matrix.columns.map((column) => {
                  const cell = byColumn.get(column.key);
                  return (
                    <td key={column.key} data-testid={`experiment-cell-${column.label}`}>
                      {cell ? (
                        <ExperimentCellView cell={cell} variant={row.variant} />
                      ) : (
                        <span className="muted">no pair</span>
                      )}
                    </td>
                  );
                })}
                <td data-testid="experiment-pooled">
                  <div className={styles.cell}>
                    <div className={styles.delta}>
                      Δ <span data-testid="pooled-delta">{formatEffect(row.pooled)}</span>{" "}
                      <span className={styles.figure}>{formatEffectInterval(row.pooled)}</span>
                    </div>
                    <div className="muted">
                      stratified McNemar p <span data-testid="pooled-p">{formatP(row.pooled.p)}</span> ·{" "}
                      {describePooledScope(row.pooled)}
                    </div>
                    <div className="muted">noise floor {formatNoiseFloor(row.pooled.noiseFloorSd)}</div>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
