interface TrialOption {
  trial: number;
  success: boolean | null;
}

function optionLabel(option: TrialOption): string {
  const verdict = option.success === null ? "unknown" : option.success ? "success" : "failure";
  return `trial ${option.trial} (${verdict})`;
}

/** A plain GET form, so the chosen trials end up in the URL and work without JavaScript. */
export function TrialPicker(props: {
  runIds: [string, string];
  taskId: string;
  labels: [string, string];
  trials: [TrialOption[], TrialOption[]];
  selected: [number, number];
}) {
  const { runIds, taskId, labels, trials, selected } = props;
  return (
    <form method="get" action="/compare/task" className="row" aria-label="Choose trials">
      <input type="hidden" name="runs" value={runIds.join(",")} />
      <input type="hidden" name="task" value={taskId} />
      {(["trialA", "trialB"] as const).map((name, side) => (
        <label key={name}>
          {labels[side]}{" "}
          {/* Keyed by the shown trial: an uncontrolled select kept its old value across client navigations. */}
          <select
            key={`${name}-${selected[side]}`}
            name={name}
            defaultValue={selected[side]}
            aria-label={`Trial of ${labels[side]}`}
          >
            {(trials[side] ?? []).map((option) => (
              <option key={option.trial} value={option.trial}>
                {optionLabel(option)}
              </option>
            ))}
          </select>
        </label>
      ))}
      <button type="submit">Show</button>
    </form>
  );
}
