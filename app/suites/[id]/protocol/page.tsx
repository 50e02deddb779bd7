import Link from "next/link";
import { notFound } from "next/navigation";
import { z } from "zod";
import { requirePageAccess } from "@/lib/server/auth/page-access";
import { getProtocolTable } from "@/lib/server/get-protocol-table";
import { ProtocolTableView } from "@/components/protocol/protocol-table-view";
import { ProtocolExportLinks } from "@/components/protocol/protocol-export-links";

export const dynamic = "force-dynamic";

const ParamsSchema = z.object({ id: z.string().min(1).max(100) });

interface Props {
  params: Promise<{ id: string }>;
}

export default async function SuiteProtocolPage({ params }: Props) {
  await requirePageAccess("read");
  const parsed = ParamsSchema.safeParse(await params);
  if (!parsed.success) notFound();
  const table = await getProtocolTable(parsed.data.id);
  if (!table) notFound();
  return (
    <>
      <h1>Protocol table · {table.suite.name}</h1>
      <p className="lead">
        Every run of this suite under each evaluation protocol, from gold-history turns to end-to-end workflows (the layout of Table 1 in
        &ldquo;When Better Turns Do Not Make Better Agents&rdquo;). Values in %, counts as n/N, n/a where undefined.{" "}
        <Link href={`/runs?suite=${encodeURIComponent(table.suite.id)}`}>Runs of this suite</Link>
      </p>
      <ProtocolExportLinks suiteId={table.suite.id} />
      {table.columns.length === 0 ? <div className="panel">This suite has no runs.</div> : <ProtocolTableView table={table} />}
    </>
  );
}
