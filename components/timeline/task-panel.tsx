import { formatJson } from "@/lib/presenters/timeline-format";

export interface TaskPanelView {
  externalId: string;
  goal: string | null;
  userFacts: unknown;
  initialState: unknown;
  expectedFinalState: unknown;
  requiredReplyInfo: string[];
  expectedBehavior: string | null;
  expectedActions: unknown;
  persona: string | null;
  tags: string[];
}

function JsonField({ label, value, open }: { label: string; value: unknown; open?: boolean }) {
  if (value === null || value === undefined) {
    return (
      <>
        <h3>{label}</h3>
        <p className="muted">n/a</p>
      </>
    );
  }
  return (
    <details open={open}>
      <summary>
        <strong>{label}</strong>
      </summary>
      <pre className="json">{formatJson(value)}</pre>
    </details>
  );
}

export function TaskPanel({ task }: { task: TaskPanelView }) {
  return (
    <aside aria-label="Task" className="panel">
      <h2>
        Task <span className="mono">{task.externalId}</span>
      </h2>
      {task.persona || task.tags.length > 0 ? (
        <p className="row">
          {task.persona ? <span className="badge">persona: {task.persona}</span> : null}
          {task.tags.map((tag) => (
            <span key={tag} className="badge">
              {tag}
            </span>
          ))}
        </p>
      ) : null}
      <h3>Goal</h3>
      {task.goal ? <p style={{ whiteSpace: "pre-wrap" }}>{task.goal}</p> : <p className="muted">n/a</p>}
      <JsonField label="User facts" value={task.userFacts} open />
      <JsonField label="Initial state" value={task.initialState} />
      <h3>Expected behaviour</h3>
      {task.expectedBehavior ? (
        <p style={{ whiteSpace: "pre-wrap" }}>{task.expectedBehavior}</p>
      ) : (
        <p className="muted">n/a</p>
      )}
      <JsonField label="Expected actions" value={task.expectedActions} open />
      <JsonField label="Expected final state" value={task.expectedFinalState} />
      <h3>Required reply strings</h3>
      {task.requiredReplyInfo.length > 0 ? (
        <ul>
          {task.requiredReplyInfo.map((text, index) => (
            <li key={index} className="mono">
              {text}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">none</p>
      )}
    </aside>
  );
}
