import Link from "next/link";
import type { Rubric } from "@/lib/presenters/study-rubric";

/**
 * The labels of one item for a study admin who is not one of its annotators (the local admin of an open
 * installation has no account to label with): everyone's labels and the judge's, nothing to save.
 */
export function ItemLabelsReadOnly({
  reference,
  dimensions,
  nextHref,
  previousHref,
}: {
  reference: Record<string, string[]>;
  dimensions: Rubric["dimensions"];
  nextHref: string;
  previousHref: string | null;
}) {
  return (
    <section className="panel" aria-label="Labels">
      <h2>Labels</h2>
      <p className="muted">
        You are not an annotator of this study, so this view is read-only: it shows the annotators&apos; and the
        judge&apos;s labels. Labelling needs an annotator&apos;s account.
      </p>
      <dl>
        {dimensions.map((dimension) => (
          <div key={dimension.key}>
            <dt>{dimension.label}</dt>
            <dd>{(reference[dimension.key] ?? ["no label yet"]).join(" · ")}</dd>
          </div>
        ))}
      </dl>
      <p className="row">
        {previousHref ? <Link href={previousHref}>Previous item</Link> : null}
        <Link href={nextHref}>Next item</Link>
      </p>
    </section>
  );
}
