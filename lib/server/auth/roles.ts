export const ROLES = ["viewer", "annotator", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** What a request may do; every route and page names the one it needs. */
export type Access = "read" | "annotate" | "upload" | "admin";

const RANK: Record<Role, number> = { viewer: 0, annotator: 1, admin: 2 };

export interface Actor {
  kind: "local" | "session" | "token";
  userId: string | null;
  name: string;
  role: Role;
  /** Token scopes; sessions and the local user carry every scope their role allows. */
  scopes: ReadonlyArray<"read" | "upload">;
}

/** Pure rule table: which access a role (and, for tokens, a scope) grants. */
export function allows(actor: Actor, access: Access): boolean {
  switch (access) {
    case "read":
      return actor.kind !== "token" || actor.scopes.includes("read") || actor.scopes.includes("upload");
    case "annotate":
      return actor.kind !== "token" && RANK[actor.role] >= RANK.annotator;
    case "upload":
      return RANK[actor.role] >= RANK.admin && (actor.kind !== "token" || actor.scopes.includes("upload"));
    case "admin":
      return actor.kind !== "token" && RANK[actor.role] >= RANK.admin;
  }
}

export const LOCAL_ACTOR: Actor = {
  kind: "local",
  userId: null,
  name: "local admin",
  role: "admin",
  scopes: ["read", "upload"],
};
