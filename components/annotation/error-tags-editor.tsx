"use client";

import { useState } from "react";
import { TAG_SEVERITIES, TAG_SOURCES, type ErrorTag } from "@/lib/presenters/study-rubric";
import styles from "./annotation.module.css";

/** Per-turn error tags: turn index, who erred (agent, user, tool) and how badly. */
export function ErrorTagsEditor({
  tags,
  disabled,
  onChange,
}: {
  tags: ErrorTag[];
  disabled: boolean;
  onChange: (tags: ErrorTag[]) => void;
}) {
  const [turn, setTurn] = useState("0");
  const [source, setSource] = useState<ErrorTag["source"]>("agent");
  const [severity, setSeverity] = useState<ErrorTag["severity"]>("major");
  const turnNumber = Number(turn);
  const valid = turn !== "" && Number.isInteger(turnNumber) && turnNumber >= 0;
  return (
    <fieldset className={styles.dimension} disabled={disabled}>
      <legend>Error tags by turn</legend>
      <div className="row">
        <label>
          Turn{" "}
          <input
            type="number"
            min={0}
            value={turn}
            onChange={(e) => setTurn(e.target.value)}
            className={styles.turnInput}
          />
        </label>
        <label>
          Source{" "}
          <select value={source} onChange={(e) => setSource(TAG_SOURCES.find((s) => s === e.target.value) ?? "agent")}>
            {TAG_SOURCES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <label>
          Severity{" "}
          <select
            value={severity}
            onChange={(e) => setSeverity(TAG_SEVERITIES.find((s) => s === e.target.value) ?? "major")}
          >
            {TAG_SEVERITIES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <button
          type="button"
          disabled={!valid}
          onClick={() => onChange([...tags, { turn: turnNumber, source, severity }].sort((a, b) => a.turn - b.turn))}
        >
          Add tag
        </button>
      </div>
      {tags.length === 0 ? (
        <p className="muted">No error tags.</p>
      ) : (
        <ul aria-label="Error tags">
          {tags.map((tag, index) => (
            <li key={`${tag.turn}-${tag.source}-${tag.severity}-${index}`}>
              turn {tag.turn} · {tag.source} · {tag.severity}{" "}
              <button
                type="button"
                onClick={() => onChange(tags.filter((_, i) => i !== index))}
                aria-label={`Remove tag on turn ${tag.turn}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
