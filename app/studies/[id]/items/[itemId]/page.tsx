import Link from "next/link";
import { AnnotationWorkspace } from "@/components/annotation/annotation-workspace";
import { ItemLabelsReadOnly } from "@/components/annotation/item-labels-read-only";
import { ShortcutHelp } from "@/components/annotation/shortcut-help";
import { TaskPanel } from "@/components/timeline/task-panel";
import { TimelineList } from "@/components/timeline/timeline-list";
import { StudyItemParams } from "@/lib/contracts/route-params";
import { requirePageAccess } from "@/lib/server/auth/page-access";
import { getAnnotationItem } from "@/lib/server/studies/annotate";
import { loadPage, pageParams } from "@/lib/server/page-input";
import { buildReferenceLabels, queueNeighbours } from "@/lib/presenters/study-item-view";
import { buildOptionShortcuts } from "@/lib/presenters/study-rubric";
import { buildTimelineModel } from "@/lib/presenters/timeline-model";
import styles from "@/components/annotation/annotation.module.css";

export const dynamic = "force-dynamic";

export default async function AnnotateItemPage(props: { params: Promise<{ id: string; itemId: string }> }) {
  const actor = await requirePageAccess("annotate");
  const { id, itemId } = await pageParams(StudyItemParams, props.params);
  const view = await loadPage(() => getAnnotationItem(actor, id, itemId));
  const { study, item, trajectory } = view;
  // Blind: the model is built without the judge's turn labels, so no turn shows as judge-flagged.
  const model = trajectory ? buildTimelineModel(trajectory.events, study.blind ? null : trajectory.turnLabels) : null;
  const { nextHref, previousHref } = queueNeighbours(study.id, view.queue.ids, view.queue.index);
  return (
    <>
      <p className="muted">
        <Link href="/studies">Studies</Link> / <Link href={`/studies/${study.id}`}>{study.name}</Link> / item{" "}
        {view.queue.index + 1} of {view.queue.ids.length}
      </p>
      <div className="row">
        <h1>
          Item {view.queue.index + 1}/{view.queue.ids.length}
        </h1>
        <span className="mono">
          {item.runName} / {item.taskExternalId} / trial {item.trial}
        </span>
        {study.blind ? <span className="badge">blind</span> : null}
      </div>
      <div className={styles.layout}>
        <div>
          {study.instructions ? (
            <details>
              <summary>Instructions</summary>
              <p style={{ whiteSpace: "pre-wrap" }}>{study.instructions}</p>
            </details>
          ) : null}
          {trajectory && model ? (
            <>
              <section aria-label="Timeline">
                <h2>Timeline</h2>
                <TimelineList rows={model.rows} firstErrorSeq={model.firstErrorSeq} />
              </section>
              <section className="panel" aria-label="Final reply">
                <h2>Final reply{trajectory.finalReplyInferred ? <span className="badge">inferred</span> : null}</h2>
                {trajectory.finalReply === null ? (
                  <p className="muted">n/a</p>
                ) : (
                  <pre className="json">{trajectory.finalReply}</pre>
                )}
              </section>
              <TaskPanel task={trajectory.task} />
            </>
          ) : (
            <p className="error-box">
              This item&apos;s trajectory was deleted after the study was created. Its identity ({item.runName} /{" "}
              {item.taskExternalId} / trial {item.trial}) and any labels are kept.
            </p>
          )}
        </div>
        <div className={styles.side}>
          {view.readOnly ? null : (
            <ShortcutHelp
              shortcuts={buildOptionShortcuts(study.rubric)}
              hasPrevious={previousHref !== null}
              hasFirstError={model?.firstErrorSeq != null}
            />
          )}
          {view.readOnly ? (
            <ItemLabelsReadOnly
              reference={buildReferenceLabels(study.rubric, view.judge, view.peerLabels)}
              dimensions={study.rubric.dimensions}
              nextHref={nextHref}
              previousHref={previousHref}
            />
          ) : (
            <AnnotationWorkspace
              key={item.id}
              saveUrl={`/api/studies/${study.id}/items/${item.id}/labels`}
              draftKey={`loopscope:study-draft:${study.id}:${item.id}:${actor.userId ?? "local"}`}
              rubric={study.rubric}
              saved={view.ownLabels.map((label) => ({
                dimension: label.dimension,
                value: label.value,
                version: label.version,
              }))}
              closed={study.status !== "open"}
              nextHref={nextHref}
              previousHref={previousHref}
              reference={buildReferenceLabels(study.rubric, view.judge, view.peerLabels)}
            />
          )}
        </div>
      </div>
    </>
  );
}
