import Link from "next/link";
import { z } from "zod";
import { ActionForm } from "@/components/auth/action-form";
import { AnnotatorProgressTable } from "@/components/annotation/annotator-progress-table";
import { JudgeAgreementChart } from "@/components/charts/judge-agreement-chart";
import { ConfusionMatrixTable } from "@/components/annotation/confusion-matrix-table";
import { DisagreementList } from "@/components/annotation/disagreement-list";
import { HumanAgreementTable } from "@/components/annotation/human-agreement-table";
import { JudgeAgreementTable } from "@/components/annotation/judge-agreement-table";
import { StudyParams } from "@/lib/contracts/route-params";
import { requirePageAccess } from "@/lib/server/auth/page-access";
import { allows } from "@/lib/server/auth/roles";
import { getStudyReport } from "@/lib/server/studies/get-agreement";
import { loadPage, pageParams, pageQuery } from "@/lib/server/page-input";
import { listPage } from "@/lib/presenters/list-page";
import { buildJudgeAgreementSeries } from "@/lib/presenters/judge-agreement-chart";
import { categoricalDimensions } from "@/lib/presenters/study-rubric";
import { adjudicateAction } from "../../actions";

export const dynamic = "force-dynamic";

/** Each disagreement carries an adjudication form: 2,000 items' worth on one page was 7 MB of HTML. */
const DISAGREEMENTS_PER_PAGE = 50;
const AgreementQuery = z.object({ disagreements: z.coerce.number().int().min(1).catch(1).default(1) });

export default async function AgreementPage(props: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await requirePageAccess("read");
  const { id } = await pageParams(StudyParams, props.params);
  const query = await pageQuery(AgreementQuery, props.searchParams);
  const data = await loadPage(() => getStudyReport(actor, id));
  const { study, report } = data;
  const disagreements = listPage(report.disagreements, query.disagreements, DISAGREEMENTS_PER_PAGE);
  const disagreementsHref = (page: number) => `/studies/${study.id}/agreement?disagreements=${page}#disagreements`;
  const admin = allows(actor, "admin");
  const options = Object.fromEntries(categoricalDimensions(study.rubric).map((d) => [d.key, d.options]));
  const base = `/api/studies/${study.id}`;
  return (
    <>
      <p className="muted">
        <Link href="/studies">Studies</Link> / <Link href={`/studies/${study.id}`}>{study.name}</Link> / agreement
      </p>
      <h1>Agreement: {study.name}</h1>
      <p className="muted">
        {report.items} items · {study.annotatorsPerItem} annotators per item
        {report.deletedItems > 0 ? ` · ${report.deletedItems} items' trajectories were deleted (labels kept)` : ""} ·
        judge labels frozen at creation · intervals are 95% bootstrap percentile intervals (10,000 resamples of items,
        seed 1) · Fleiss&apos; κ uses items with exactly {study.annotatorsPerItem} human labels
      </p>
      <p className="row">
        Export: <a href={`${base}/labels?format=csv`}>labels CSV</a>{" "}
        <a href={`${base}/labels?format=json`}>labels JSON</a> <a href={`${base}/report?format=csv`}>report CSV</a>{" "}
        <a href={`${base}/report?format=json`}>report JSON</a>
      </p>
      <section className="panel">
        <h2>Progress</h2>
        <AnnotatorProgressTable progress={report.progress} />
      </section>
      <section className="panel">
        <h2>Between humans</h2>
        <HumanAgreementTable dimensions={report.dimensions} />
      </section>
      <section className="panel">
        <h2>Humans vs judges</h2>
        <JudgeAgreementChart series={buildJudgeAgreementSeries(report.dimensions)} />
        <JudgeAgreementTable dimensions={report.dimensions} />
        <div className="grid-2">
          {report.dimensions.flatMap((d) =>
            d.judges.map((j) => (
              <ConfusionMatrixTable key={`${d.key}-${j.key}`} label={`${d.label}: ${j.name}`} matrix={j.confusion} />
            )),
          )}
        </div>
      </section>
      <section className="panel">
        <h2 id="disagreements">Disagreements ({report.disagreements.length})</h2>
        {disagreements.pages > 1 ? (
          <p className="row" aria-label="Disagreement pages">
            {disagreements.from}-{disagreements.to} of {disagreements.total}{" "}
            {disagreements.page > 1 ? <Link href={disagreementsHref(disagreements.page - 1)}>previous</Link> : null}{" "}
            {disagreements.page < disagreements.pages ? (
              <Link href={disagreementsHref(disagreements.page + 1)}>next</Link>
            ) : null}
          </p>
        ) : null}
        <DisagreementList
          disagreements={disagreements.items}
          options={options}
          renderAdjudication={(row, rowOptions) =>
            admin ? (
              <ActionForm
                action={adjudicateAction}
                submitLabel="Adjudicate"
                label={`Adjudicate item ${row.position} ${row.dimension}`}
              >
                <input type="hidden" name="studyId" value={study.id} />
                <input type="hidden" name="itemId" value={row.itemId} />
                <input type="hidden" name="dimension" value={row.dimension} />
                <select
                  name="value"
                  // No preset choice: an adjudicator must pick, not confirm whatever came first.
                  defaultValue={row.adjudicated?.value ?? ""}
                  required
                  aria-label={`Adjudicated label for item ${row.position} ${row.dimension}`}
                >
                  <option value="" disabled>
                    choose…
                  </option>
                  {rowOptions.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>{" "}
              </ActionForm>
            ) : null
          }
        />
      </section>
    </>
  );
}
