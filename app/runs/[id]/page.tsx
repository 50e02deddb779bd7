import { Suspense } from "react";
import Link from "next/link";
import { RunParams } from "@/lib/contracts/route-params";
import { requireRunDetailAccess } from "@/lib/server/auth/page-access";
import { getRunHeader } from "@/lib/server/get-run-page";
import { loadPage, pageParams } from "@/lib/server/page-input";
import { parseRunPageQuery } from "@/lib/presenters/run-page-query";
import { RunHeader } from "@/components/run/run-header";
import { PairedCompareLinks } from "@/components/compare/paired-compare-links";
import { buildPairedCompareLinks } from "@/lib/presenters/paired-compare-links";
import { ActionForm } from "@/components/auth/action-form";
import { allows } from "@/lib/server/auth/roles";
import { deleteRunAction, editRunAction, reimportRunAction } from "./actions";
import { MetricsSection } from "./_sections/metrics-section";
import { GridSection } from "./_sections/grid-section";
import { TrajectoriesSection } from "./_sections/trajectories-section";
import { JudgesSection } from "./_sections/judges-section";
import { RunSearchForm } from "@/components/search/run-search-form";
import { SubmissionClaim } from "@/components/run/submission-claim";

export const dynamic = "force-dynamic";

export default async function RunPage(props: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await requireRunDetailAccess();
  const { id } = await pageParams(RunParams, props.params);
  const run = await loadPage(() => getRunHeader(id));
  const query = parseRunPageQuery(await props.searchParams);
  // The header already holds the paired runs: the compare links need no second query.
  const compareLinks = buildPairedCompareLinks(
    { id: run.id, variant: run.variant, suiteId: run.suite.id },
    run.pairedRuns,
  );
  return (
    <>
      <p className="muted">
        <Link href="/runs" style={{ textDecoration: "underline" }}>
          Runs
        </Link>{" "}
        / {run.displayName}
      </p>
      <RunHeader run={run} />
      {run.submission ? <SubmissionClaim submission={run.submission} /> : null}
      <p className="panel">
        <PairedCompareLinks links={compareLinks} />
      </p>
      <RunSearchForm runId={run.id} />
      {allows(actor, "upload") ? (
        <details className="panel">
          <summary>Edit name, variant, pairing and tags</summary>
          <ActionForm action={editRunAction} submitLabel="Save" label="Edit run">
            <input type="hidden" name="runId" value={run.id} />
            <p className="row">
              <label>
                Name{" "}
                <input
                  name="name"
                  defaultValue={run.nameIsCustom ? run.name : ""}
                  placeholder={run.displayName}
                  maxLength={200}
                />
              </label>
              <label>
                Variant{" "}
                <input name="variant" defaultValue={run.variant} required maxLength={50} list="variant-suggestions" />
              </label>
              <label>
                Pairing key <input name="pairingKey" defaultValue={run.pairingKey ?? ""} maxLength={200} />
              </label>
              <datalist id="variant-suggestions">
                <option value="base" />
                <option value="sft" />
                <option value="rft" />
              </datalist>
            </p>
            <p>
              <label>
                Tags (key=value, one per line){" "}
                <textarea
                  name="tags"
                  rows={3}
                  cols={40}
                  defaultValue={Object.entries(run.tags)
                    .map(([key, value]) => `${key}=${value}`)
                    .join("\n")}
                />
              </label>
            </p>
            <p className="muted">
              An empty name lets Loopscope build one from what tells this run apart. Runs with the same pairing key on
              the same suite and setting are one model before and after fine-tuning; the compare page and the protocol
              table pair them.
            </p>
          </ActionForm>
        </details>
      ) : null}
      {allows(actor, "admin") ? (
        <details className="panel">
          <summary>Re-import from the raw upload</summary>
          <ActionForm action={reimportRunAction} submitLabel="Re-import" label="Re-import run">
            <p className="muted">
              Reads this run&apos;s bundle again from its kept raw upload with today&apos;s importers (v
              {run.currentImporterVersion}; this run was read with v{run.importerVersion}) and replaces its rows in one
              transaction. Its id, name, variant, pairing, tags and study labels stay.
            </p>
            <input type="hidden" name="runId" value={run.id} />
          </ActionForm>
        </details>
      ) : null}
      {allows(actor, "admin") ? (
        <details className="panel">
          <summary>Delete this run</summary>
          <ActionForm
            action={deleteRunAction}
            submitLabel="Delete run"
            label="Delete run"
            confirm={`Delete ${run.displayName} with all its trajectories, events and turn predictions? This cannot be undone.`}
          >
            <p className="muted">
              Removes the run, its trajectories, events and gold-history predictions in one transaction. Recorded in the
              audit log.
            </p>
            <input type="hidden" name="runId" value={run.id} />
          </ActionForm>
        </details>
      ) : null}
      <Suspense fallback={<div className="panel muted">Computing metrics…</div>}>
        <MetricsSection runId={run.id} />
      </Suspense>
      <Suspense fallback={<div className="panel muted">Comparing judges…</div>}>
        <JudgesSection runId={run.id} canStartStudy={allows(actor, "admin")} />
      </Suspense>
      <Suspense fallback={<div className="panel muted">Loading task grid…</div>}>
        <GridSection runId={run.id} query={query} />
      </Suspense>
      <Suspense fallback={<div className="panel muted">Loading trajectories…</div>}>
        <TrajectoriesSection runId={run.id} query={query} />
      </Suspense>
    </>
  );
}
