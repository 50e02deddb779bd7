import { z } from "zod";
import {
  countUsers,
  createApiToken,
  createSession,
  createUser,
  deleteOtherSessions,
  deleteSession,
  findPasswordHash,
  findUserForSignIn,
  listApiTokens,
  recordAudit,
  revokeAllApiTokens,
  revokeApiToken,
  updatePasswordHash,
  updateUserRoleKeepingAnAdmin,
} from "@/lib/db/accounts";
import { AppError } from "./app-error";
import { passwordWeakness } from "./auth/password-rules";
import { MIN_PASSWORD_LENGTH, hashPassword, verifyPassword } from "./auth/passwords";
import { ROLES, type Actor } from "./auth/roles";
import { SESSION_DAYS, digest, newApiToken, newSecret } from "./auth/secrets";
import { claimSignInAttempt, recordSignInSuccess } from "./auth/sign-in-throttle";

/** A new password: long enough and not easy to guess (lib/server/auth/password-rules.ts); the message says why. */
const NewPasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(500)
  .superRefine((password, context) => {
    const weakness = passwordWeakness(password);
    if (weakness) context.addIssue({ code: "custom", message: weakness });
  });

export const SignInSchema = z.object({ email: z.email(), password: z.string().min(1).max(500) });
export const NewUserSchema = z.object({
  email: z.email(),
  name: z.string().trim().min(1).max(200),
  password: NewPasswordSchema,
  role: z.enum(ROLES),
});
export const PasswordChangeSchema = z.object({
  current: z.string().min(1).max(500),
  next: NewPasswordSchema,
});
export const NewTokenSchema = z.object({
  name: z.string().trim().min(1).max(100),
  scopes: z.array(z.enum(["read", "upload"])).min(1, "choose at least one scope"),
  expiresInDays: z.coerce.number().int().min(0).max(3650).default(0),
});

// One hash of a fixed string: signing in with an unknown email costs as much as a wrong password.
const DUMMY_HASH = hashPassword("loopscope-timing-equaliser");

export type SignInResult =
  | { kind: "signed-in"; sessionToken: string; expiresAt: Date }
  | { kind: "wrong" }
  | { kind: "throttled"; retryAfterSeconds: number };

/**
 * Checks the password and opens a session; returns the cookie value (only its digest is
 * stored). The attempt is counted before the check, so parallel attempts cannot pass the limit;
 * while the account or the address is locked the password is not even checked.
 */
export async function signIn(input: z.infer<typeof SignInSchema>, address: string): Promise<SignInResult> {
  const source = { email: input.email, address };
  const wait = await claimSignInAttempt(source);
  if (wait !== null) return { kind: "throttled", retryAfterSeconds: wait };
  const user = await findUserForSignIn({ email: input.email });
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await DUMMY_HASH));
  if (!user || !valid) return { kind: "wrong" };
  await recordSignInSuccess(source);
  const sessionToken = newSecret();
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 24 * 3600 * 1000);
  await createSession({ id: digest(sessionToken), userId: user.id, expiresAt });
  return { kind: "signed-in", sessionToken, expiresAt };
}

export async function signOut(sessionToken: string): Promise<void> {
  await deleteSession({ id: digest(sessionToken) });
}

function requireUser(actor: Actor): string {
  if (!actor.userId)
    throw new AppError("bad_request", "the local admin has no account; create one under Setup or Users and sign in");
  return actor.userId;
}

/** Returns how many API tokens were revoked with the old password. */
export async function changePassword(
  actor: Actor,
  input: z.infer<typeof PasswordChangeSchema>,
  currentSessionToken: string | null,
): Promise<number> {
  const userId = requireUser(actor);
  const stored = await findPasswordHash({ userId });
  if (!stored || !(await verifyPassword(input.current, stored.passwordHash)))
    throw new AppError("bad_request", "the current password is wrong");
  await updatePasswordHash({ userId, passwordHash: await hashPassword(input.next) });
  // Other sessions may belong to whoever learned the old password.
  await deleteOtherSessions({ userId, keepId: currentSessionToken ? digest(currentSessionToken) : null });
  // Tokens too: whoever knew the old password may have minted one.
  const revoked = await revokeAllApiTokens({ userId, now: new Date() });
  await recordAudit({
    actorId: userId,
    actorName: actor.name,
    action: "change_password",
    target: null,
    details: { revokedTokens: revoked },
  });
  return revoked;
}

export async function needsSetup(): Promise<boolean> {
  return (await countUsers()) === 0;
}

/** The first account of an installation; refused once any user exists. */
export async function createFirstAdmin(input: Omit<z.infer<typeof NewUserSchema>, "role">) {
  if (!(await needsSetup())) throw new AppError("conflict", "an account already exists; sign in instead");
  const user = await createUser({
    email: input.email,
    name: input.name,
    passwordHash: await hashPassword(input.password),
    role: "admin",
  });
  await recordAudit({
    actorId: user.id,
    actorName: user.name,
    action: "create_user",
    target: user.email,
    details: { role: "admin", firstAdmin: true },
  });
  return user;
}

export async function createUserAsAdmin(actor: Actor, input: z.infer<typeof NewUserSchema>) {
  const user = await createUser({
    email: input.email,
    name: input.name,
    passwordHash: await hashPassword(input.password),
    role: input.role,
  }).catch((error: unknown) => {
    if (String(error).includes("Unique constraint"))
      throw new AppError("conflict", `a user with email ${input.email} exists`);
    throw error;
  });
  await recordAudit({
    actorId: actor.userId,
    actorName: actor.name,
    action: "create_user",
    target: user.email,
    details: { role: input.role },
  });
  return user;
}

export async function setUserRole(actor: Actor, userId: string, role: string) {
  const parsed = z.enum(ROLES).parse(role);
  const user = await updateUserRoleKeepingAnAdmin({ userId, role: parsed });
  if (user === null) throw new AppError("not_found", "no such user");
  if (user === "last-admin") throw new AppError("conflict", "this is the last admin: make another user admin first");
  await recordAudit({
    actorId: actor.userId,
    actorName: actor.name,
    action: "set_role",
    target: user.email,
    details: { role: parsed },
  });
  return user;
}

/** Creates an API token; the plain token is returned once and never stored. */
export async function createToken(actor: Actor, input: z.infer<typeof NewTokenSchema>) {
  const userId = requireUser(actor);
  const { token, prefix, hash } = newApiToken();
  const expiresAt = input.expiresInDays > 0 ? new Date(Date.now() + input.expiresInDays * 24 * 3600 * 1000) : null;
  const dto = await createApiToken({
    userId,
    name: input.name,
    tokenHash: hash,
    prefix,
    scopes: input.scopes,
    expiresAt,
  });
  await recordAudit({
    actorId: userId,
    actorName: actor.name,
    action: "create_token",
    target: prefix,
    details: { scopes: input.scopes },
  });
  return { token, dto };
}

export async function revokeToken(actor: Actor, tokenId: string): Promise<void> {
  const userId = requireUser(actor);
  if (!(await revokeApiToken({ id: tokenId, userId, now: new Date() })))
    throw new AppError("not_found", "no such active token");
  await recordAudit({ actorId: userId, actorName: actor.name, action: "revoke_token", target: tokenId });
}

export function tokensOf(actor: Actor) {
  return actor.userId ? listApiTokens({ userId: actor.userId }) : Promise.resolve([]);
}
