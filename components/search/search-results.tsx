import Link from "next/link";
import type { SearchHit } from "@/lib/contracts/search";
import type { Snippet } from "@/lib/contracts/search";
import { OutcomeBadge } from "@/components/run/outcome-badge";
import styles from "./search.module.css";

const FIELD_LABELS: Record<Snippet["field"], string> = {
  text: "text",
  tool: "tool name",
  arguments: "arguments",
  result: "result",
};

/** Snippet segments are strings rendered as text; matched parts in <mark>. Event content never becomes markup. */
function SnippetText({ snippet }: { snippet: Snippet }) {
  return (
    <p className={styles.snippet}>
      <span className="muted">{FIELD_LABELS[snippet.field]}: </span>
      {snippet.cutStart ? "…" : null}
      {snippet.segments.map((segment, index) =>
        segment.marked ? <mark key={index}>{segment.text}</mark> : <span key={index}>{segment.text}</span>,
      )}
      {snippet.cutEnd ? "…" : null}
    </p>
  );
}

export function SearchResults({ hits }: { hits: SearchHit[] }) {
  return (
    <ol className={styles.results} aria-label="Search results">
      {hits.map((hit) => (
        <li key={`${hit.trajectoryId}:${hit.seq}`} className={styles.hit} data-testid="search-hit">
          <div className="row">
            <Link href={hit.href}>
              {hit.runName} · task {hit.taskExternalId} · trial {hit.trial} · event #{hit.seq}
            </Link>
            <OutcomeBadge success={hit.success} />
            {hit.isError ? <span className="badge bad">tool error</span> : null}
          </div>
          <div className="muted">
            {hit.kind.replace("_", " ")} by {hit.actor}
            {hit.toolName ? ` · ${hit.toolName}` : ""} · turn {hit.turnIndex} · {hit.model} · {hit.suite}
          </div>
          {hit.snippet ? <SnippetText snippet={hit.snippet} /> : null}
        </li>
      ))}
    </ol>
  );
}
