import Link from "next/link";
import { ActionForm } from "@/components/auth/action-form";
import { AnnotatorQueueView } from "@/components/annotation/annotator-queue";
import { JudgeImportForm } from "@/components/annotation/judge-import-form";
import { LabelImportForm } from "@/components/annotation/label-import-form";
import { StudyItemsTable } from "@/components/annotation/study-items-table";
import { StudyParams } from "@/lib/contracts/route-params";
import { requirePageAccess } from "@/lib/server/auth/page-access";
import { getStudyOverview } from "@/lib/server/studies/get-study-overview";
import { loadPage, pageParams } from "@/lib/server/page-input";
import { setStudyOpenAction } from "../actions";

export const dynamic = "force-dynamic";

export default async function StudyPage(props: { params: Promise<{ id: string }> }) {
  const actor = await requirePageAccess("annotate");
  const { id } = await pageParams(StudyParams, props.params);
  const overview = await loadPage(() => getStudyOverview(actor, id));
  const { study, queue, items, admin } = overview;
  const names = new Map(study.annotators.map((a) => [a.userId, a.name]));
  const sampling =
    study.sampling.method === "random"
      ? `random, seed ${study.sampling.seed}`
      : `stratified by ${study.sampling.by ?? "?"}, seed ${study.sampling.seed}`;
  return (
    <>
      <p className="muted">
        <Link href="/studies">Studies</Link> / {study.name}
      </p>
      <div className="row">
        <h1>{study.name}</h1>
        <span className={`badge ${study.status === "open" ? "ok" : ""}`}>{study.status}</span>
        {study.blind ? <span className="badge">blind</span> : <span className="badge warn">not blind</span>}
      </div>
      <p className="muted">
        {study.itemCount} items ({sampling}) · {study.annotatorsPerItem} annotators per item · annotators{" "}
        {study.annotators.map((a) => a.name).join(", ")} · created{" "}
        {study.createdAt.toISOString().slice(0, 16).replace("T", " ")} by {study.createdByName}
      </p>
      {study.instructions ? (
        <section className="panel">
          <h2>Instructions</h2>
          <p style={{ whiteSpace: "pre-wrap" }}>{study.instructions}</p>
        </section>
      ) : null}
      {queue ? (
        <AnnotatorQueueView
          queue={{ studyId: study.id, done: queue.done, nextItemId: queue.nextItemId, entries: queue.entries }}
        />
      ) : null}
      {admin ? (
        <>
          <section className="panel">
            <h2>Results</h2>
            <p className="row">
              <Link className="button primary" href={`/studies/${study.id}/agreement`}>
                Agreement report
              </Link>
              <a href={`/api/studies/${study.id}/labels?format=csv`}>Labels CSV</a>
              <a href={`/api/studies/${study.id}/labels?format=json`}>Labels JSON</a>
              <a href={`/api/studies/${study.id}/report?format=csv`}>Report CSV</a>
              <a href={`/api/studies/${study.id}/report?format=json`}>Report JSON</a>
            </p>
            <ActionForm
              action={setStudyOpenAction}
              submitLabel={study.status === "open" ? "Close study" : "Reopen study"}
              label="Study status"
              confirm={study.status === "open" ? "Close the study? Annotators can no longer change labels." : undefined}
            >
              <input type="hidden" name="studyId" value={study.id} />
              <input type="hidden" name="open" value={study.status === "open" ? "false" : "true"} />
            </ActionForm>
          </section>
          <section className="panel">
            <h2>Import labels</h2>
            <LabelImportForm studyId={study.id} />
          </section>
          <section className="panel">
            <h2>Import judge verdicts</h2>
            <JudgeImportForm studyId={study.id} />
          </section>
          {items ? <StudyItemsTable items={items} names={names} /> : null}
        </>
      ) : null}
    </>
  );
}
