import { PAGE_SIZES, type LeaderboardQuery } from "@/lib/presenters/leaderboard-query";
import styles from "./leaderboard.module.css";

interface Props {
  query: LeaderboardQuery;
  page: number;
  pageCount: number;
  onChange: (patch: Partial<LeaderboardQuery>) => void;
}

export function LeaderboardPagination({ query, page, pageCount, onChange }: Props) {
  return (
    <nav className={styles.pagination} aria-label="Pages">
      <button type="button" disabled={page <= 1} onClick={() => onChange({ page: page - 1 })}>
        Previous
      </button>
      <span>
        Page {page} of {pageCount}
      </span>
      <button type="button" disabled={page >= pageCount} onClick={() => onChange({ page: page + 1 })}>
        Next
      </button>
      <label className="muted">
        Rows per page{" "}
        <select value={query.size} onChange={(event) => onChange({ size: Number(event.target.value), page: 1 })}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
    </nav>
  );
}
