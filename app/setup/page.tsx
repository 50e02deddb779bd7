import { redirect } from "next/navigation";
import { ActionForm } from "@/components/auth/action-form";
import { setupAction } from "@/app/auth-actions";
import { needsSetup } from "@/lib/server/accounts";

export const dynamic = "force-dynamic";

export default async function SetupPage() {
  if (!(await needsSetup())) redirect("/signin");
  return (
    <div className="panel" style={{ maxWidth: 460 }}>
      <h1>Create the first admin</h1>
      <p className="muted">
        This installation has no accounts yet. The first account is an admin who can invite others.
      </p>
      <ActionForm action={setupAction} submitLabel="Create admin and sign in" label="Create the first admin">
        <p>
          <label>
            Name
            <br />
            <input name="name" required />
          </label>
        </p>
        <p>
          <label>
            Email
            <br />
            <input name="email" type="email" required />
          </label>
        </p>
        <p>
          <label>
            Password (10 characters or more)
            <br />
            <input name="password" type="password" minLength={10} required />
          </label>
        </p>
      </ActionForm>
    </div>
  );
}
