import type { AnnotatorProgress } from "@/lib/presenters/agreement-report";

export function AnnotatorProgressTable({ progress }: { progress: AnnotatorProgress[] }) {
  return (
    <table className="data" aria-label="Annotator progress">
      <thead>
        <tr>
          <th>Annotator</th>
          <th className="num">Done</th>
          <th className="num">Assigned</th>
          <th>Progress</th>
        </tr>
      </thead>
      <tbody>
        {progress.map((p) => (
          <tr key={p.key}>
            <td>
              {p.name}
              {p.key.startsWith("external:") ? <span className="badge">imported</span> : null}
            </td>
            <td className="num">{p.done}</td>
            <td className="num">{p.assigned > 0 ? p.assigned : <span className="muted">n/a</span>}</td>
            <td>{p.assigned > 0 ? <progress value={p.done} max={p.assigned} /> : null}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
