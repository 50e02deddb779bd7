import { findSessionUser, useApiToken, type UserDto } from "@/lib/db/accounts";
import { serverConfig } from "../config";
import { ROLES, type Actor, type Role } from "./roles";
import { SESSION_COOKIE, digest, readBearer, readCookie } from "./secrets";

function roleOf(user: UserDto): Role {
  return ROLES.find((role) => role === user.role) ?? "viewer";
}

/** The actor behind an `Authorization: Bearer` API token, if it is valid. */
export async function actorFromToken(headers: Headers): Promise<Actor | null> {
  const bearer = readBearer(headers.get("authorization"));
  if (!bearer) return null;
  const token = await useApiToken({ tokenHash: digest(bearer), now: new Date() });
  if (!token) return null;
  const scopes = token.scopes.filter((scope): scope is "read" | "upload" => scope === "read" || scope === "upload");
  return { kind: "token", userId: token.user.id, name: token.user.name, role: roleOf(token.user), scopes };
}

/** The actor behind a live session cookie: not expired and used within the idle timeout. */
export async function actorFromSession(headers: Headers): Promise<Actor | null> {
  const session = readCookie(headers.get("cookie"), SESSION_COOKIE);
  if (!session) return null;
  const idleMs = serverConfig().LOOPSCOPE_SESSION_IDLE_MINUTES * 60_000;
  const user = await findSessionUser({ id: digest(session), now: new Date(), idleMs });
  if (!user) return null;
  return { kind: "session", userId: user.id, name: user.name, role: roleOf(user), scopes: ["read", "upload"] };
}

/** The actor behind a session cookie or an API token, if any is valid (a token wins when both are sent). */
export async function actorFromCredentials(headers: Headers): Promise<Actor | null> {
  return headers.has("authorization") ? actorFromToken(headers) : actorFromSession(headers);
}
