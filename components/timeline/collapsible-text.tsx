import { collapseText } from "@/lib/presenters/timeline-format";
import styles from "./timeline.module.css";

/** Untrusted text in a <pre>: React escapes it. Long text shows a preview until opened. */
export function CollapsibleText({
  text,
  expanded,
  onToggle,
  error,
}: {
  text: string;
  expanded: boolean;
  onToggle: () => void;
  error?: boolean;
}) {
  const view = collapseText(text);
  return (
    <div>
      <pre className={`json ${styles.body} ${error ? styles.errorBody : ""}`}>
        {view.collapsed && !expanded ? view.preview : text}
      </pre>
      {view.collapsed ? (
        <button type="button" className={styles.toggle} onClick={onToggle} aria-expanded={expanded}>
          {expanded ? "Collapse" : `Show all (${view.lines} lines, ${view.chars.toLocaleString("en")} characters)`}
        </button>
      ) : null}
    </div>
  );
}
