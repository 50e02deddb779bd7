"use client";

import { useActionState, type ReactNode } from "react";
import type { ActionState } from "@/lib/contracts/action-state";

interface ActionFormProps {
  action: (previous: ActionState | null, form: FormData) => Promise<ActionState>;
  submitLabel: string;
  children: ReactNode;
  label: string;
  confirm?: string;
}

/** A form bound to a server action, showing its result (and a one-time secret) below it. */
export function ActionForm({ action, submitLabel, children, label, confirm }: ActionFormProps) {
  const [state, formAction, pending] = useActionState(action, null);
  return (
    <form
      action={formAction}
      aria-label={label}
      onSubmit={(event) => {
        if (confirm && !window.confirm(confirm)) event.preventDefault();
      }}
    >
      {children}
      <button type="submit" className="primary" disabled={pending}>
        {pending ? "Working…" : submitLabel}
      </button>
      {state ? (
        <p role={state.ok ? "status" : "alert"} className={state.ok ? "ok-box" : "error-box"}>
          {state.message}
        </p>
      ) : null}
      {state?.secret ? (
        <p>
          Token:{" "}
          <code className="mono" data-testid="new-token">
            {state.secret}
          </code>
        </p>
      ) : null}
    </form>
  );
}
