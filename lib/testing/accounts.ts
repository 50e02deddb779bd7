import { stringifyCookie } from "cookie";
import { createApiToken, createSession, createUser } from "@/lib/db/accounts";
import { hashPassword } from "@/lib/server/auth/passwords";
import type { Role } from "@/lib/server/auth/roles";
import { SESSION_COOKIE, digest, newApiToken, newSecret } from "@/lib/server/auth/secrets";
import { uniqueId } from "./factories";

/** A user with a live session; returns the headers a browser of that user would send. */
export async function makeUserSession(
  role: Role,
): Promise<{ userId: string; email: string; password: string; cookie: string }> {
  const email = `${uniqueId(role)}@example.test`;
  const password = "a long enough password";
  const user = await createUser({ email, name: `${role} tester`, passwordHash: await hashPassword(password), role });
  const token = newSecret();
  await createSession({ id: digest(token), userId: user.id, expiresAt: new Date(Date.now() + 3600_000) });
  return { userId: user.id, email, password, cookie: stringifyCookie({ [SESSION_COOKIE]: token }) };
}

export async function makeApiToken(
  userId: string,
  scopes: string[],
  expiresAt: Date | null = null,
): Promise<{ id: string; token: string }> {
  const { token, prefix, hash } = newApiToken();
  const dto = await createApiToken({ userId, name: uniqueId("token"), tokenHash: hash, prefix, scopes, expiresAt });
  return { id: dto.id, token };
}
