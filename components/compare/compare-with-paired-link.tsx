import Link from "next/link";
import { findPairedRuns } from "@/lib/server/compare-pairs";

/**
 * Run-page entry to the comparison: links to /compare with the paired run(s)
 * (same pairing key, other variant), base run first. An async server
 * component, so the run page only passes the run id.
 */
export async function CompareWithPairedLink({ runId }: { runId: string }) {
  const paired = await findPairedRuns(runId);
  if (paired.length === 0) return <span className="muted">No paired run (same pairing key, other variant) to compare with.</span>;
  return (
    <span>
      {paired.map((link, i) => (
        <span key={link.runId}>
          {i > 0 ? " · " : null}
          <Link href={link.href}>
            Compare with paired {link.variant} run{link.sameSuite ? "" : " (other suite)"}
          </Link>
        </span>
      ))}
    </span>
  );
}
