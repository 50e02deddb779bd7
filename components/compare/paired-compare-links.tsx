import Link from "next/link";
import type { PairedRunLink } from "@/lib/presenters/paired-compare-links";

/** Run-page entry to the comparison: one link per paired run (same pairing key, other variant), base run first. */
export function PairedCompareLinks({ links }: { links: PairedRunLink[] }) {
  if (links.length === 0)
    return <span className="muted">No paired run (same pairing key, other variant) to compare with.</span>;
  return (
    <span>
      {links.map((link, i) => (
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
