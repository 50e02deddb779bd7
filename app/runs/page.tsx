import Link from "next/link";
import { listRuns } from "@/lib/server/list-runs";
import { requirePageAccess } from "@/lib/server/auth/page-access";
import { RunsTable } from "@/components/runs/runs-table";

export const dynamic = "force-dynamic";

export default async function RunsPage() {
  await requirePageAccess("read");
  const runs = await listRuns();
  return (
    <>
      <h1>Runs</h1>
      <p className="lead">Every ingested run. <Link href="/upload">Upload a bundle</Link> to add more.</p>
      {runs.length === 0 ? (
        <div className="panel">No runs yet. <Link href="/upload">Upload a bundle</Link> (Loopscope, tau2-bench or tau-bench results).</div>
      ) : (
        <RunsTable runs={runs} />
      )}
    </>
  );
}
