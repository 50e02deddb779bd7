import type { OptionShortcut } from "@/lib/presenters/study-rubric";
import styles from "./annotation.module.css";

/** The page's keyboard shortcuts, listed where the annotator works. */
export function ShortcutHelp({
  shortcuts,
  hasPrevious,
  hasFirstError,
}: {
  shortcuts: OptionShortcut[];
  hasPrevious: boolean;
  hasFirstError: boolean;
}) {
  return (
    <details open>
      <summary>Keyboard shortcuts</summary>
      <ul className={styles.shortcuts} aria-label="Keyboard shortcuts">
        {shortcuts.map((s) => (
          <li key={s.key}>
            <kbd>{s.key}</kbd> {s.label}
          </li>
        ))}
        <li>
          <kbd>n</kbd> save and next item
        </li>
        <li>
          <kbd>s</kbd> save
        </li>
        {hasPrevious ? (
          <li>
            <kbd>p</kbd> previous item
          </li>
        ) : null}
        <li>
          <kbd>f</kbd> failure category, <kbd>c</kbd> comment, <kbd>Esc</kbd> leave a text field
        </li>
        {hasFirstError ? (
          <li>
            <kbd>e</kbd> jump to the first tool error
          </li>
        ) : null}
      </ul>
    </details>
  );
}
