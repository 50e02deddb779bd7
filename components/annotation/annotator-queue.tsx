import Link from "next/link";

export interface QueueView {
  studyId: string;
  done: number;
  nextItemId: string | null;
  entries: {
    item: {
      id: string;
      position: number;
      runName: string;
      taskExternalId: string;
      trial: number;
      trajectoryId: string | null;
    };
    labelled: number;
    done: boolean;
  }[];
}

export function AnnotatorQueueView({ queue }: { queue: QueueView }) {
  const { studyId } = queue;
  const total = queue.entries.length;
  return (
    <section className="panel" aria-label="Your queue">
      <div className="row">
        <h2>Your queue</h2>
        <span className="badge" aria-label="Progress">
          {queue.done}/{total} done
        </span>
        <progress value={queue.done} max={Math.max(total, 1)} />
        {queue.nextItemId ? (
          <Link className="button primary" href={`/studies/${studyId}/items/${queue.nextItemId}`}>
            {queue.done === 0 ? "Start annotating" : "Continue"}
          </Link>
        ) : (
          <span className="ok-box">All items labelled. You can revisit them until the study is closed.</span>
        )}
      </div>
      <table className="data" aria-label="Queue items">
        <thead>
          <tr>
            <th className="num">#</th>
            <th>Item</th>
            <th>Labels</th>
          </tr>
        </thead>
        <tbody>
          {queue.entries.map((entry) => (
            <tr key={entry.item.id}>
              <td className="num">{entry.item.position}</td>
              <td>
                <Link href={`/studies/${studyId}/items/${entry.item.id}`}>
                  {entry.item.runName} / {entry.item.taskExternalId} / trial {entry.item.trial}
                </Link>
                {entry.item.trajectoryId === null ? <span className="badge warn">deleted</span> : null}
              </td>
              <td>
                {entry.done ? (
                  <span className="badge ok">done</span>
                ) : entry.labelled > 0 ? (
                  <span className="badge warn">partial</span>
                ) : (
                  <span className="muted">to do</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
