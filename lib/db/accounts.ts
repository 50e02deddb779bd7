import type { Prisma } from "./generated/client";
import { db, type DbOrTx } from "./client";

export const userSelect = {
  id: true,
  email: true,
  name: true,
  role: true,
  createdAt: true,
} satisfies Prisma.UserSelect;
export type UserDto = Prisma.UserGetPayload<{ select: typeof userSelect }>;

export function countUsers(client: DbOrTx = db()): Promise<number> {
  return client.user.count();
}

export function listUsers(client: DbOrTx = db()): Promise<UserDto[]> {
  return client.user.findMany({ select: userSelect, orderBy: { email: "asc" } });
}

export function findUserForSignIn({ email }: { email: string }, client: DbOrTx = db()) {
  return client.user.findUnique({
    where: { email: email.toLowerCase() },
    select: { ...userSelect, passwordHash: true },
  });
}

export function findPasswordHash({ userId }: { userId: string }, client: DbOrTx = db()) {
  return client.user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
}

export function createUser(
  data: { email: string; name: string; passwordHash: string; role: string },
  client: DbOrTx = db(),
): Promise<UserDto> {
  return client.user.create({ data: { ...data, email: data.email.toLowerCase() }, select: userSelect });
}

export async function updatePasswordHash(
  { userId, passwordHash }: { userId: string; passwordHash: string },
  client: DbOrTx = db(),
): Promise<void> {
  await client.user.update({ where: { id: userId }, data: { passwordHash } });
}

export async function createSession(
  { id, userId, expiresAt }: { id: string; userId: string; expiresAt: Date },
  client: DbOrTx = db(),
): Promise<void> {
  await client.session.create({ data: { id, userId, expiresAt } });
}

export async function deleteSession({ id }: { id: string }, client: DbOrTx = db()): Promise<void> {
  await client.session.deleteMany({ where: { id } });
}

export async function deleteOtherSessions(
  { userId, keepId }: { userId: string; keepId: string | null },
  client: DbOrTx = db(),
): Promise<void> {
  await client.session.deleteMany({ where: { userId, ...(keepId ? { NOT: { id: keepId } } : {}) } });
}

// lastSeenAt is written at most once a minute per session, not on every request.
const LAST_SEEN_RESOLUTION_MS = 60_000;

/** A live session's user, or null when missing, expired or idle longer than `idleMs` (an idle session is deleted). */
export async function findSessionUser(
  { id, now, idleMs }: { id: string; now: Date; idleMs: number },
  client: DbOrTx = db(),
): Promise<UserDto | null> {
  const session = await client.session.findUnique({
    where: { id },
    select: { expiresAt: true, lastSeenAt: true, user: { select: userSelect } },
  });
  if (!session || session.expiresAt <= now) return null;
  const idle = now.getTime() - session.lastSeenAt.getTime();
  if (idle > idleMs) {
    await client.session.deleteMany({ where: { id } });
    return null;
  }
  if (idle > LAST_SEEN_RESOLUTION_MS) await client.session.updateMany({ where: { id }, data: { lastSeenAt: now } });
  return session.user;
}

/** Revokes every live API token of a user (after a password change); returns how many. */
export async function revokeAllApiTokens(
  { userId, now }: { userId: string; now: Date },
  client: DbOrTx = db(),
): Promise<number> {
  const result = await client.apiToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
  return result.count;
}

/**
 * Changes a role unless that would leave no admin. The admin rows are locked first, so two
 * admins demoting each other at once cannot both succeed.
 */
export async function updateUserRoleKeepingAnAdmin({
  userId,
  role,
}: {
  userId: string;
  role: string;
}): Promise<UserDto | "last-admin" | null> {
  return db().$transaction(async (tx) => {
    const admins = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "User" WHERE role = 'admin' FOR UPDATE`;
    const target = await tx.user.findUnique({ where: { id: userId }, select: { role: true } });
    if (!target) return null;
    if (target.role === "admin" && role !== "admin" && admins.length <= 1) return "last-admin";
    return tx.user.update({ where: { id: userId }, data: { role }, select: userSelect });
  });
}

export const apiTokenSelect = {
  id: true,
  name: true,
  prefix: true,
  scopes: true,
  createdAt: true,
  expiresAt: true,
  revokedAt: true,
  lastUsedAt: true,
} satisfies Prisma.ApiTokenSelect;
export type ApiTokenDto = Prisma.ApiTokenGetPayload<{ select: typeof apiTokenSelect }>;

export function createApiToken(
  data: { userId: string; name: string; tokenHash: string; prefix: string; scopes: string[]; expiresAt: Date | null },
  client: DbOrTx = db(),
): Promise<ApiTokenDto> {
  return client.apiToken.create({ data, select: apiTokenSelect });
}

export function listApiTokens({ userId }: { userId: string }, client: DbOrTx = db()): Promise<ApiTokenDto[]> {
  return client.apiToken.findMany({ where: { userId }, select: apiTokenSelect, orderBy: { createdAt: "desc" } });
}

export async function revokeApiToken(
  { id, userId, now }: { id: string; userId: string; now: Date },
  client: DbOrTx = db(),
): Promise<boolean> {
  const result = await client.apiToken.updateMany({ where: { id, userId, revokedAt: null }, data: { revokedAt: now } });
  return result.count > 0;
}

/** A usable token's owner and scopes (not revoked, not expired); marks it used. */
export async function useApiToken({ tokenHash, now }: { tokenHash: string; now: Date }, client: DbOrTx = db()) {
  const token = await client.apiToken.findUnique({
    where: { tokenHash },
    select: { id: true, scopes: true, revokedAt: true, expiresAt: true, user: { select: userSelect } },
  });
  if (!token || token.revokedAt || (token.expiresAt && token.expiresAt <= now)) return null;
  await client.apiToken.update({ where: { id: token.id }, data: { lastUsedAt: now } });
  return { scopes: token.scopes, user: token.user };
}

export async function recordAudit(
  entry: {
    actorId: string | null;
    actorName: string;
    action: string;
    target: string | null;
    details?: Prisma.InputJsonValue;
  },
  client: DbOrTx = db(),
): Promise<void> {
  await client.auditLog.create({ data: entry });
}

export function listAudit({ take }: { take: number }, client: DbOrTx = db()) {
  return client.auditLog.findMany({ orderBy: { createdAt: "desc" }, take });
}
