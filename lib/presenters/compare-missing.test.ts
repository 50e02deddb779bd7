import { describe, expect, it } from "vitest";
import { splitMissingRows } from "./compare-missing";
import type { ProtocolRow } from "./compare-types";

const row = (key: string, label: string, group: ProtocolRow["group"], values: (number | null)[]): ProtocolRow => ({
  key,
  label,
  group,
  format: "rate",
  higherIsBetter: true,
  values,
  deltas: values.map(() => null),
});

const TITLES = { gold: "Gold history", closed: "Closed loop" };

describe("splitMissingRows", () => {
  it("turns families no compared run has data for into one line each, keeping outcome rows", () => {
    // Two tau2 runs: no turn predictions, no judge labels; recovery undefined (no tool errors) stays a row.
    const { rows, missing } = splitMissingRows(
      [
        row("rouge1F1", "ROUGE-1 F1", "gold", [null, null]),
        row("argumentF1", "Argument F1", "gold", [null, null]),
        row("successRate", "Success rate", "closed", [0.65, 0.7]),
        row("holisticSuccess", "Holistic success", "closed", [null, null]),
        row("recovery", "Recovery", "closed", [null, null]),
      ],
      TITLES,
    );
    expect(rows.map((r) => r.key)).toEqual(["successRate", "recovery"]);
    expect(missing.map((m) => [m.source, m.title, m.metrics])).toEqual([
      ["turnPredictions", "Gold history", ["ROUGE-1 F1", "Argument F1"]],
      ["judgeLabels", "Closed loop", ["Holistic success"]],
    ]);
  });

  it("keeps a row any run has a value for", () => {
    const { rows, missing } = splitMissingRows([row("rouge1F1", "ROUGE-1 F1", "gold", [null, 0.4])], TITLES);
    expect(rows).toHaveLength(1);
    expect(missing).toEqual([]);
  });
});
