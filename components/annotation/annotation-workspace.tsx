"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { buildOptionShortcuts, type Rubric } from "@/lib/presenters/study-rubric";
import { changedWrites, readSavedLabels, valuesFromSaved, type LabelValues, type SavedLabel } from "./label-state";
import { useLabelDraft } from "./use-label-draft";
import { RubricFields } from "./rubric-fields";
import { ErrorTagsEditor } from "./error-tags-editor";
import styles from "./annotation.module.css";

interface AnnotationWorkspaceProps {
  saveUrl: string;
  draftKey: string;
  rubric: Rubric;
  saved: SavedLabel[];
  closed: boolean;
  nextHref: string;
  previousHref: string | null;
  reference: Record<string, string[]>;
}

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest("input, textarea, select") !== null;
}

/** The rubric form of one item: keyboard labelling, versioned saves, a local draft of unsaved changes. */
export function AnnotationWorkspace({
  saveUrl,
  draftKey,
  rubric,
  saved: initialSaved,
  closed,
  nextHref,
  previousHref,
  reference,
}: AnnotationWorkspaceProps) {
  const router = useRouter();
  const [saved, setSavedState] = useState(initialSaved);
  const [current, setCurrentState] = useState<LabelValues>(() => valuesFromSaved(initialSaved));
  // Keys arrive faster than React re-renders: saves read the latest labels from these refs, never a stale closure.
  const savedRef = useRef(initialSaved);
  const currentRef = useRef(current);
  const pendingRef = useRef(false);
  const setSaved = useCallback((next: SavedLabel[]) => {
    savedRef.current = next;
    setSavedState(next);
  }, []);
  const setCurrent = useCallback((update: (previous: LabelValues) => LabelValues) => {
    currentRef.current = update(currentRef.current);
    setCurrentState(currentRef.current);
  }, []);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  const textRefs = useRef<Record<string, HTMLTextAreaElement | null>>({});
  const shortcuts = useMemo(() => buildOptionShortcuts(rubric), [rubric]);
  const writes = useMemo(() => changedWrites(current, saved), [current, saved]);
  const dirty = writes.length > 0;
  const applyDraft = useCallback((draft: LabelValues) => setCurrent(() => draft), [setCurrent]);
  const { restored } = useLabelDraft(draftKey, dirty, current, applyDraft);

  const setValue = useCallback(
    (dimension: string, value: string) => setCurrent((c) => ({ ...c, values: { ...c.values, [dimension]: value } })),
    [setCurrent],
  );

  const save = useCallback(
    async (then: string | null) => {
      if (pendingRef.current) return;
      const pendingWrites = changedWrites(currentRef.current, savedRef.current);
      if (closed || pendingWrites.length === 0) {
        if (then) router.push(then);
        return;
      }
      pendingRef.current = true;
      setPending(true);
      try {
        const response = await fetch(saveUrl, {
          method: "PUT",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ labels: pendingWrites }),
        });
        const body: unknown = await response.json().catch(() => null);
        if (response.ok && body && typeof body === "object" && "labels" in body && Array.isArray(body.labels)) {
          setSaved(readSavedLabels(body.labels));
          setStatus({ ok: true, text: `Saved ${pendingWrites.length} label${pendingWrites.length === 1 ? "" : "s"}.` });
          if (then) router.push(then);
        } else {
          const message =
            body && typeof body === "object" && "error" in body
              ? String(body.error)
              : `save failed (${response.status})`;
          const hint =
            response.status === 409 ? " Your draft is kept here; reload the page to see the newer labels." : "";
          setStatus({ ok: false, text: `${message}.${hint}` });
        }
      } catch {
        setStatus({ ok: false, text: "Could not reach the server; your draft is kept in this browser." });
      } finally {
        pendingRef.current = false;
        setPending(false);
      }
    },
    [closed, saveUrl, router, setSaved],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && isTyping(event.target) && event.target instanceof HTMLElement)
        return event.target.blur();
      if (event.metaKey || event.ctrlKey || event.altKey || isTyping(event.target)) return;
      const key = event.key.toLowerCase();
      const option = shortcuts.find((s) => s.key === key);
      if (option && !closed) {
        event.preventDefault();
        setValue(option.dimension, option.value);
      } else if (key === "n") {
        event.preventDefault();
        void save(nextHref);
      } else if (key === "s") {
        event.preventDefault();
        void save(null);
      } else if (key === "p" && previousHref) {
        event.preventDefault();
        router.push(previousHref);
      } else if (key === "f" || key === "c") {
        const field = textRefs.current[key === "f" ? "failure_category" : "comment"];
        if (field) {
          event.preventDefault();
          field.focus();
        }
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [shortcuts, closed, save, nextHref, previousHref, router, setValue]);

  return (
    <form
      aria-label="Labels"
      onSubmit={(event) => {
        event.preventDefault();
        void save(nextHref);
      }}
    >
      {closed ? <p className="error-box">The study is closed: labels can no longer change.</p> : null}
      {restored && dirty ? (
        <p className="ok-box" role="status">
          Restored unsaved labels from this browser.
        </p>
      ) : null}
      <RubricFields
        dimensions={rubric.dimensions}
        values={current.values}
        shortcuts={shortcuts}
        disabled={closed}
        onChange={setValue}
        textRefs={textRefs}
        reference={reference}
      />
      {rubric.errorTags ? (
        <ErrorTagsEditor
          tags={current.tags}
          disabled={closed}
          onChange={(tags) => setCurrent((c) => ({ ...c, tags }))}
        />
      ) : null}
      <div className="row">
        <button type="button" onClick={() => void save(null)} disabled={pending || closed || !dirty}>
          Save <kbd>s</kbd>
        </button>
        <button type="submit" className="primary" disabled={pending}>
          Save and next <kbd>n</kbd>
        </button>
        <span className="muted">{dirty ? "unsaved changes" : "all saved"}</span>
      </div>
      <p className={styles.status} role={status?.ok === false ? "alert" : "status"} aria-label="Save status">
        {status?.text ?? ""}
      </p>
    </form>
  );
}
