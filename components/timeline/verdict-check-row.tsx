import type { VerdictCheck } from "@/lib/presenters/verdict-types";
import styles from "./verdict.module.css";

function Verdict({ met }: { met: boolean | null }) {
  if (met === null) return <span className="badge">n/a</span>;
  return met ? <span className="badge ok">met</span> : <span className="badge bad">failed</span>;
}

/** A link that moves the windowed timeline to an event (TimelineList handles #event-N links). */
function EventLink({ seq, children }: { seq: number; children: string }) {
  return (
    <a href={`#event-${seq}`} data-event-link={seq}>
      {children}
    </a>
  );
}

function Computed({ origin }: { origin: "recorded" | "computed" }) {
  return origin === "computed" ? (
    <span className="badge warn" title="Not recorded by the benchmark: computed here by its rule">
      computed
    </span>
  ) : null;
}

function compactJson(value: unknown): string {
  const text = JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

export function VerdictCheckRow({ check }: { check: VerdictCheck }) {
  switch (check.kind) {
    case "db":
      return (
        <li className={styles.check} aria-label="DB check">
          <strong>DB check</strong> <Verdict met={check.met} />{" "}
          {check.reward !== null ? <span className="muted">reward {check.reward}</span> : null}
        </li>
      );
    case "env":
      return (
        <li className={styles.check} aria-label={`Environment assertion ${check.funcName}`}>
          <strong>Environment assertion</strong>{" "}
          <span className="mono">
            {check.funcName}({compactJson(check.arguments)})
          </span>
          {check.envType ? <span className="muted">on the {check.envType} side</span> : null}{" "}
          <Verdict met={check.met} />
          {check.expectedValue ? null : <span className="muted">(expected false)</span>}
          {check.message ? <span className={styles.detail}>{check.message}</span> : null}
        </li>
      );
    case "action":
      return (
        <li className={styles.check} aria-label={`Expected action ${check.name}`}>
          <strong>Expected action</strong> <span className="mono">{check.name}</span> <Verdict met={check.met} />{" "}
          <Computed origin={check.origin} />
          {check.requestor === "user" ? <span className="muted">(the user's action)</span> : null}
          {check.matchedSeq !== null ? (
            <EventLink seq={check.matchedSeq}>{`matched by call #${check.matchedSeq}`}</EventLink>
          ) : null}
          {check.matchedSeq === null && check.closestSeq !== null ? (
            <EventLink seq={check.closestSeq}>{`closest call #${check.closestSeq}`}</EventLink>
          ) : null}
          {check.matchedSeq === null && check.closestSeq === null ? <span className="muted">never called</span> : null}
          {check.computedMet !== check.met ? (
            <span className="badge warn">tau2's comparison here gives {check.computedMet ? "met" : "failed"}</span>
          ) : null}
          <span className={styles.detail}>
            expected {compactJson(check.expectedArguments)}
            {check.compareArgs !== null ? ` · compared: ${check.compareArgs.join(", ") || "none"}` : ""}
          </span>
          {check.diffText.length > 0 ? (
            <ul className={styles.diff} aria-label={`Argument diff of ${check.name}`}>
              {check.diffText.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
        </li>
      );
    case "communicate":
      return (
        <li className={styles.check} aria-label={`Communicate check ${check.info}`}>
          <strong>Communicate</strong> <span className="mono">&quot;{check.info}&quot;</span>{" "}
          <Verdict met={check.met} /> <Computed origin={check.origin} />
          {check.foundAt !== null ? (
            <EventLink seq={check.foundAt}>{`said in message #${check.foundAt}`}</EventLink>
          ) : (
            <span className="muted">not in any agent message</span>
          )}
          {check.justification ? <span className={styles.detail}>{check.justification}</span> : null}
        </li>
      );
    case "nl":
      return (
        <li className={styles.check} aria-label="NL assertion">
          <strong>NL assertion</strong> <span>{check.assertion}</span> <Verdict met={check.met} />
          <span className={styles.detail}>
            {check.justification ??
              (check.met === null ? "not evaluated by the benchmark for this run" : "no justification recorded")}
          </span>
        </li>
      );
    case "state":
      return (
        <li className={styles.check} aria-label="State check">
          <strong>State check</strong> <Verdict met={check.met} />
          {check.snapshotSeq !== null ? (
            <EventLink seq={check.snapshotSeq}>{`state at #${check.snapshotSeq}`}</EventLink>
          ) : null}
          {check.differences.length > 0 ? (
            <ul className={styles.diff} aria-label="State differences">
              {check.differences.map((line) => (
                <li key={line}>{line}</li>
              ))}
              {check.differenceCount > check.differences.length ? (
                <li>... {check.differenceCount - check.differences.length} more (see the state diff below)</li>
              ) : null}
            </ul>
          ) : null}
        </li>
      );
    case "reply":
      return (
        <li className={styles.check} aria-label={`Reply check ${check.info}`}>
          <strong>Required reply</strong> <span className="mono">&quot;{check.info}&quot;</span>{" "}
          <Verdict met={check.met} />
          {check.foundAt !== null ? (
            <EventLink seq={check.foundAt}>{`in the final reply #${check.foundAt}`}</EventLink>
          ) : (
            <span className="muted">not in the final reply</span>
          )}
        </li>
      );
  }
}
