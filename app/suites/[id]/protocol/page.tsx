import Link from "next/link";
import { z } from "zod";
import { SuiteParams } from "@/lib/contracts/route-params";
import { requireRunDetailAccess } from "@/lib/server/auth/page-access";
import { getProtocolTable } from "@/lib/server/get-protocol-table";
import { ProtocolTableView } from "@/components/protocol/protocol-table-view";
import { ProtocolExportLinks } from "@/components/protocol/protocol-export-links";
import { getSuiteCostSuccess } from "@/lib/server/get-suite-cost-success";
import { loadPage, pageParams, pageQuery } from "@/lib/server/page-input";
import { CostSuccessSection } from "@/components/suite/cost-success-section";

export const dynamic = "force-dynamic";

const SearchSchema = z.object({ cost: z.enum(["agent", "total"]).catch("agent").default("agent") });

interface Props {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function SuiteProtocolPage({ params, searchParams }: Props) {
  await requireRunDetailAccess();
  const { id } = await pageParams(SuiteParams, params);
  const table = await loadPage(() => getProtocolTable(id));
  const { cost } = await pageQuery(SearchSchema, searchParams);
  const costSuccess = await getSuiteCostSuccess(table.suite.id, cost);
  return (
    <>
      <h1>Protocol table · {table.suite.name}</h1>
      <p className="lead">
        Every run of this suite under each evaluation protocol, from gold-history turns to end-to-end workflows (the
        layout of Table 1 in &ldquo;When Better Turns Do Not Make Better Agents&rdquo;). Values in %, counts as n/N, n/a
        where undefined. <Link href={`/runs?suite=${encodeURIComponent(table.suite.id)}`}>Runs of this suite</Link>
      </p>
      <ProtocolExportLinks suiteId={table.suite.id} />
      {table.columns.length === 0 ? (
        <div className="panel">This suite has no runs.</div>
      ) : (
        <ProtocolTableView table={table} />
      )}
      {table.columns.length === 0 ? null : <CostSuccessSection model={costSuccess} suiteId={table.suite.id} />}
    </>
  );
}
