import { findSessionUser, useApiToken, type UserDto } from "@/lib/db/accounts";
import { ROLES, type Actor, type Role } from "./roles";
import { SESSION_COOKIE, digest, readBearer, readCookie } from "./secrets";

function roleOf(user: UserDto): Role {
  return ROLES.find((role) => role === user.role) ?? "viewer";
}

/** The actor behind a session cookie or an `Authorization: Bearer` API token, if any is valid. */
export async function actorFromCredentials(headers: Headers): Promise<Actor | null> {
  const now = new Date();
  const bearer = readBearer(headers.get("authorization"));
  if (bearer) {
    const token = await useApiToken({ tokenHash: digest(bearer), now });
    if (!token) return null;
    const scopes = token.scopes.filter((scope): scope is "read" | "upload" => scope === "read" || scope === "upload");
    return { kind: "token", userId: token.user.id, name: token.user.name, role: roleOf(token.user), scopes };
  }
  const session = readCookie(headers.get("cookie"), SESSION_COOKIE);
  if (!session) return null;
  const user = await findSessionUser({ id: digest(session), now });
  if (!user) return null;
  return { kind: "session", userId: user.id, name: user.name, role: roleOf(user), scopes: ["read", "upload"] };
}
