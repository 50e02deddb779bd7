import Link from "next/link";
import { z } from "zod";
import { ActionForm } from "@/components/auth/action-form";
import { signInAction } from "@/app/auth-actions";
import { needsSetup } from "@/lib/server/accounts";

export const dynamic = "force-dynamic";

const SearchSchema = z.object({ next: z.string().optional() });

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { next } = SearchSchema.parse(await searchParams);
  const firstRun = await needsSetup();
  return (
    <div className="panel" style={{ maxWidth: 420 }}>
      <h1>Sign in</h1>
      {firstRun ? <p>No account exists yet. <Link href="/setup">Create the first admin</Link>.</p> : null}
      <ActionForm action={signInAction} submitLabel="Sign in" label="Sign in">
        <input type="hidden" name="next" value={next ?? "/runs"} />
        <p><label>Email<br /><input name="email" type="email" autoComplete="username" required /></label></p>
        <p><label>Password<br /><input name="password" type="password" autoComplete="current-password" required /></label></p>
      </ActionForm>
    </div>
  );
}
