import Link from "next/link";
import { ActionForm } from "@/components/auth/action-form";
import { ApiTokensTable } from "@/components/auth/api-tokens-table";
import { changePasswordAction, createTokenAction, revokeTokenAction } from "@/app/auth-actions";
import { tokensOf } from "@/lib/server/accounts";
import { requirePageAccess } from "@/lib/server/auth/page-access";

export const dynamic = "force-dynamic";

export default async function AccountPage() {
  const actor = await requirePageAccess("read");
  if (!actor.userId) {
    return (
      <div className="panel">
        <h1>Account</h1>
        <p>
          You are using Loopscope as the local admin (sign-in is not required on this installation). API tokens and
          passwords belong to accounts: <Link href="/setup">create the first admin</Link> or{" "}
          <Link href="/signin">sign in</Link>.
        </p>
      </div>
    );
  }
  const tokens = (await tokensOf(actor)).map((token) => ({
    ...token,
    createdAt: token.createdAt.toISOString(),
    expiresAt: token.expiresAt?.toISOString() ?? null,
    revokedAt: token.revokedAt?.toISOString() ?? null,
    lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
  }));
  return (
    <>
      <h1>Account</h1>
      <p className="lead">
        {actor.name} · role <span className="badge">{actor.role}</span>
      </p>
      <div className="grid-2">
        <section className="panel">
          <h2>API tokens</h2>
          <p className="muted">
            For the CLI (<code>npx loopscope upload --token …</code>) and scripts (<code>Authorization: Bearer …</code>
            ). A token is shown once and stored only as a hash.
          </p>
          <ActionForm action={createTokenAction} submitLabel="Create token" label="Create API token">
            <p>
              <label>
                Name
                <br />
                <input name="name" required maxLength={100} />
              </label>
            </p>
            <p className="row">
              <label>
                <input type="checkbox" name="scopes" value="read" defaultChecked /> read
              </label>
              <label>
                <input type="checkbox" name="scopes" value="upload" /> upload
              </label>
              <label>
                expires in days (0 = never){" "}
                <input name="expiresInDays" type="number" min={0} max={3650} defaultValue={90} style={{ width: 80 }} />
              </label>
            </p>
          </ActionForm>
          <ApiTokensTable tokens={tokens} revokeAction={revokeTokenAction} />
        </section>
        <section className="panel">
          <h2>Change password</h2>
          <ActionForm action={changePasswordAction} submitLabel="Change password" label="Change password">
            <p>
              <label>
                Current password
                <br />
                <input name="current" type="password" autoComplete="current-password" required />
              </label>
            </p>
            <p>
              <label>
                New password (10 characters or more)
                <br />
                <input name="next" type="password" autoComplete="new-password" minLength={10} required />
              </label>
            </p>
          </ActionForm>
        </section>
      </div>
    </>
  );
}
