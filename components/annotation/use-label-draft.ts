"use client";

import { useEffect, useRef, useState } from "react";
import type { LabelValues } from "./label-state";

/**
 * Keeps unsaved labels in localStorage under `key` (restored on the next visit) and asks the
 * browser to confirm leaving the page while there are unsaved changes.
 */
export function useLabelDraft(
  key: string,
  dirty: boolean,
  current: LabelValues,
  apply: (draft: LabelValues) => void,
): { restored: boolean } {
  const [restored, setRestored] = useState(false);
  // The latest `apply` without restarting the restore: it changes identity on every render.
  const applyRef = useRef(apply);
  useEffect(() => {
    applyRef.current = apply;
  });

  useEffect(() => {
    const stored = window.localStorage.getItem(key);
    if (!stored) return;
    try {
      const draft = JSON.parse(stored) as LabelValues;
      if (draft && typeof draft === "object" && draft.values && Array.isArray(draft.tags)) {
        applyRef.current(draft);
        // localStorage exists only in the browser: the draft is read after hydration, so restoring is an effect.
        // eslint-disable-next-line react-hooks/set-state-in-effect
        setRestored(true);
      }
    } catch {
      window.localStorage.removeItem(key);
    }
    // Restore once per item.
  }, [key]);

  useEffect(() => {
    if (dirty) window.localStorage.setItem(key, JSON.stringify(current));
    else window.localStorage.removeItem(key);
  }, [key, dirty, current]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  return { restored };
}
