import Link from "next/link";
import { ActionForm } from "@/components/auth/action-form";
import { signInAction } from "@/app/auth-actions";
import { needsSetup } from "@/lib/server/accounts";
import { safeNext } from "@/lib/server/auth/safe-next";

export const dynamic = "force-dynamic";

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  // `?next=a&next=b` arrives as an array: take the first, and only a path on this host.
  const next = safeNext((await searchParams).next);
  const firstRun = await needsSetup();
  return (
    <div className="panel" style={{ maxWidth: 420 }}>
      <h1>Sign in</h1>
      {firstRun ? (
        <p>
          No account exists yet. <Link href="/setup">Create the first admin</Link>.
        </p>
      ) : null}
      <ActionForm action={signInAction} submitLabel="Sign in" label="Sign in">
        <input type="hidden" name="next" value={next} />
        <p>
          <label>
            Email
            <br />
            <input name="email" type="email" autoComplete="username" required />
          </label>
        </p>
        <p>
          <label>
            Password
            <br />
            <input name="password" type="password" autoComplete="current-password" required />
          </label>
        </p>
      </ActionForm>
    </div>
  );
}
