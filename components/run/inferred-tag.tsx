/** Marks a value the importer derived rather than one the harness recorded. */
export function InferredTag({ what }: { what: string }) {
  return (
    <span className="badge warn" title={`${what} was inferred by the importer, not recorded by the benchmark`}>
      inferred
    </span>
  );
}
