import Link from "next/link";
import type { MissingFamily } from "@/lib/presenters/missing-data";

/** A metric family the run's data cannot have, in one line instead of a wall of n/a. */
export function MissingFamilyLine({ family }: { family: MissingFamily }) {
  return (
    <p className="muted" data-missing-family={family.source}>
      <strong>{family.title}</strong>
      {family.metrics.length > 0 ? ` (${family.metrics.join(", ")})` : ""}: not available, the data has no{" "}
      {family.needs}. See <Link href={family.docHref}>{family.docLabel}</Link>.
    </p>
  );
}
