import type { Actor, Role } from "@/lib/server/auth/roles";
import { uniqueId } from "./factories";
import { makeUserSession } from "./accounts";

export { makeJudgedBundle } from "./study-bundle";

export function actorOf(user: { userId: string }, role: Role, name = `${role} tester`): Actor {
  return { kind: "session", userId: user.userId, name, role, scopes: ["read", "upload"] };
}

/** An admin and two annotators as actors (users exist in the database). */
export async function makeStudyPeople(): Promise<{ admin: Actor; ann: Actor; ben: Actor }> {
  const [admin, ann, ben] = await Promise.all([
    makeUserSession("admin"),
    makeUserSession("annotator"),
    makeUserSession("annotator"),
  ]);
  return {
    admin: actorOf(admin, "admin"),
    ann: actorOf(ann, "annotator", `Ann ${uniqueId("a")}`),
    ben: actorOf(ben, "annotator", `Ben ${uniqueId("b")}`),
  };
}
