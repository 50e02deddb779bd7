import Link from "next/link";

export function Pagination({
  label,
  page,
  pages,
  hrefFor,
  summary,
}: {
  label: string;
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  summary: string;
}) {
  return (
    <nav aria-label={label} className="row" style={{ marginTop: 8 }}>
      {page > 1 ? (
        <Link href={hrefFor(page - 1)} rel="prev">
          ← Previous
        </Link>
      ) : (
        <span className="muted">← Previous</span>
      )}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link href={hrefFor(page + 1)} rel="next">
          Next →
        </Link>
      ) : (
        <span className="muted">Next →</span>
      )}
      <span className="muted">{summary}</span>
    </nav>
  );
}
