"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { env } from "@/lib/env";
import { z } from "zod";
import { SESSION_COOKIE } from "@/lib/server/auth/secrets";
import { formValues, refuseCrossSite, runAction, type ActionState } from "@/lib/server/action";
import { safeNext } from "@/lib/server/auth/safe-next";
import { clientAddress } from "@/lib/server/auth/trusted-proxies";
import {
  NewTokenSchema,
  NewUserSchema,
  PasswordChangeSchema,
  SignInSchema,
  changePassword,
  createFirstAdmin,
  createToken,
  createUserAsAdmin,
  revokeToken,
  setUserRole,
  signIn,
  signOut,
} from "@/lib/server/accounts";

/** Signs in and sets the cookie; a message for the form when it did not work. */
async function startSession(email: string, password: string): Promise<string | null> {
  const session = await signIn({ email, password }, clientAddress(await headers()));
  if (session.kind === "throttled") return `too many failed sign-ins; try again in ${session.retryAfterSeconds} s`;
  if (session.kind === "wrong") return "wrong email or password";
  (await cookies()).set(SESSION_COOKIE, session.sessionToken, {
    httpOnly: true,
    sameSite: "lax",
    secure: env().LOOPSCOPE_SECURE_COOKIES,
    path: "/",
    expires: session.expiresAt,
  });
  return null;
}

export async function signInAction(_previous: ActionState | null, form: FormData): Promise<ActionState> {
  const values = formValues(form);
  const refused = await refuseCrossSite();
  if (refused) return refused;
  const parsed = SignInSchema.safeParse(values);
  if (!parsed.success) return { ok: false, message: "wrong email or password" };
  const failure = await startSession(parsed.data.email, parsed.data.password);
  if (failure) return { ok: false, message: failure };
  redirect(safeNext(values.next));
}

export async function signOutAction(): Promise<void> {
  if (await refuseCrossSite()) return;
  const store = await cookies();
  const token = store.get(SESSION_COOKIE)?.value;
  if (token) await signOut(token);
  store.delete(SESSION_COOKIE);
  redirect("/signin");
}

export async function setupAction(_previous: ActionState | null, form: FormData): Promise<ActionState> {
  const refused = await refuseCrossSite();
  if (refused) return refused;
  const values = formValues(form);
  const parsed = NewUserSchema.omit({ role: true }).safeParse(values);
  if (!parsed.success)
    return {
      ok: false,
      message: parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`).join("; "),
    };
  try {
    await createFirstAdmin(parsed.data);
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : "setup failed" };
  }
  await startSession(parsed.data.email, parsed.data.password);
  redirect("/runs");
}

export async function changePasswordAction(_previous: ActionState | null, form: FormData): Promise<ActionState> {
  return runAction("read", async (actor) => {
    const token = (await cookies()).get(SESSION_COOKIE)?.value ?? null;
    const revoked = await changePassword(actor, PasswordChangeSchema.parse(formValues(form)), token);
    return {
      ok: true,
      message: `password changed; your other sessions were signed out and ${revoked} API token${revoked === 1 ? " was" : "s were"} revoked`,
    };
  });
}

export async function createTokenAction(_previous: ActionState | null, form: FormData): Promise<ActionState> {
  return runAction("read", async (actor) => {
    const input = NewTokenSchema.parse({ ...formValues(form), scopes: form.getAll("scopes").map(String) });
    const { token, dto } = await createToken(actor, input);
    revalidatePath("/account");
    return { ok: true, message: `token "${dto.name}" created; copy it now, it is not shown again`, secret: token };
  });
}

export async function revokeTokenAction(_previous: ActionState | null, form: FormData): Promise<ActionState> {
  return runAction("read", async (actor) => {
    await revokeToken(actor, z.string().min(1).parse(form.get("tokenId")));
    revalidatePath("/account");
    return { ok: true, message: "token revoked" };
  });
}

export async function createUserAction(_previous: ActionState | null, form: FormData): Promise<ActionState> {
  return runAction("admin", async (actor) => {
    const user = await createUserAsAdmin(actor, NewUserSchema.parse(formValues(form)));
    revalidatePath("/admin/users");
    return { ok: true, message: `created ${user.email} (${user.role})` };
  });
}

export async function setRoleAction(_previous: ActionState | null, form: FormData): Promise<ActionState> {
  return runAction("admin", async (actor) => {
    const user = await setUserRole(actor, z.string().min(1).parse(form.get("userId")), String(form.get("role")));
    revalidatePath("/admin/users");
    return { ok: true, message: `${user.email} is now ${user.role}` };
  });
}
