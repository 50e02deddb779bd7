import { describe, expect, it } from "vitest";
import { LOCAL_ACTOR, allows, type Access, type Actor } from "./roles";

const ACCESSES: Access[] = ["read", "annotate", "upload", "admin"];

const user = (
  role: Actor["role"],
  kind: Actor["kind"] = "session",
  scopes: Actor["scopes"] = ["read", "upload"],
): Actor => ({ kind, userId: "u", name: "n", role, scopes });

describe("allows", () => {
  it("grants by role: viewer reads, annotator also annotates, admin does everything", () => {
    expect(ACCESSES.map((access) => allows(user("viewer"), access))).toEqual([true, false, false, false]);
    expect(ACCESSES.map((access) => allows(user("annotator"), access))).toEqual([true, true, false, false]);
    expect(ACCESSES.map((access) => allows(user("admin"), access))).toEqual([true, true, true, true]);
    expect(allows(LOCAL_ACTOR, "admin")).toBe(true);
  });

  it("limits tokens to their scopes and never lets them annotate or administer", () => {
    expect(allows(user("admin", "token", ["read"]), "upload")).toBe(false);
    expect(allows(user("admin", "token", ["upload"]), "upload")).toBe(true);
    expect(allows(user("admin", "token", ["upload"]), "read")).toBe(true);
    expect(allows(user("viewer", "token", ["upload"]), "upload")).toBe(false);
    expect(allows(user("admin", "token", ["read", "upload"]), "admin")).toBe(false);
    expect(allows(user("annotator", "token", ["read"]), "annotate")).toBe(false);
  });
});
