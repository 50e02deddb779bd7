import { redirect } from "next/navigation";
import { AccountFields } from "@/components/auth/account-fields";
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
        <AccountFields passwordLabel="Password (10 characters or more)" />
      </ActionForm>
    </div>
  );
}
