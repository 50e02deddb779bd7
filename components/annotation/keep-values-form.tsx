"use client";

import Link from "next/link";
import { startTransition, useActionState, type ReactNode } from "react";
import type { ActionState } from "@/lib/contracts/action-state";

interface KeepValuesFormProps {
  action: (previous: ActionState | null, form: FormData) => Promise<ActionState>;
  submitLabel: string;
  label: string;
  children: ReactNode;
}

/**
 * Like ActionForm, but submits through a transition instead of the form's action prop, so React
 * does not reset a long form (the new-study form) when the server answers with a validation error.
 */
export function KeepValuesForm({ action, submitLabel, label, children }: KeepValuesFormProps) {
  const [state, formAction, pending] = useActionState(action, null);
  return (
    <form
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        startTransition(() => formAction(data));
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
      {state?.credentials ? <CreatedAccounts credentials={state.credentials} /> : null}
      {state?.next ? (
        <p>
          <Link href={state.next.href}>{state.next.label}</Link>
        </p>
      ) : null}
    </form>
  );
}

/** Accounts the action just created, with the only copy of their passwords. */
function CreatedAccounts({ credentials }: { credentials: NonNullable<ActionState["credentials"]> }) {
  return (
    <table className="data" aria-label="New annotator accounts">
      <caption>New annotator accounts (passwords are shown this once)</caption>
      <thead>
        <tr>
          <th>Name</th>
          <th>Email (sign-in)</th>
          <th>Password</th>
        </tr>
      </thead>
      <tbody>
        {credentials.map((account) => (
          <tr key={account.email}>
            <td>{account.name}</td>
            <td>{account.email}</td>
            <td>
              <code>{account.password}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
