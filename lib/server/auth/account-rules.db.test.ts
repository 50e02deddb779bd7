import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { makeUserSession } from "@/lib/testing/accounts";
import { actorOf } from "@/lib/testing/study-fixtures";
import { setUserRole, signIn } from "../accounts";
import { actorFromSession } from "./credentials";
import { SESSION_COOKIE, digest, readCookie } from "./secrets";
import { FAILURE_LIMITS } from "./throttle-policy";

afterEach(() => {
  delete process.env.LOOPSCOPE_SESSION_IDLE_MINUTES;
});

function uniqueAddress(): string {
  return `203.0.113.${Math.floor(Math.random() * 250)}-${Date.now()}`;
}

describe("sessions idle out", () => {
  it("ends a session unused for longer than LOOPSCOPE_SESSION_IDLE_MINUTES and deletes it", async () => {
    const user = await makeUserSession("viewer");
    const id = digest(readCookie(user.cookie, SESSION_COOKIE) ?? "");
    process.env.LOOPSCOPE_SESSION_IDLE_MINUTES = "30";
    await db().session.update({ where: { id }, data: { lastSeenAt: new Date(Date.now() - 29 * 60_000) } });
    expect(await actorFromSession(new Headers({ cookie: user.cookie }))).toMatchObject({ userId: user.userId });
    // Use moved lastSeenAt forward: the session is alive again for another 30 minutes.
    expect((await db().session.findUniqueOrThrow({ where: { id } })).lastSeenAt.getTime()).toBeGreaterThan(
      Date.now() - 60_000,
    );
    await db().session.update({ where: { id }, data: { lastSeenAt: new Date(Date.now() - 31 * 60_000) } });
    expect(await actorFromSession(new Headers({ cookie: user.cookie }))).toBeNull();
    expect(await db().session.count({ where: { id } })).toBe(0);
  });
});

describe("the last admin stays", () => {
  it("refuses to demote the only admin, and allows it once another admin exists", async () => {
    const admins = await db().user.findMany({ where: { role: "admin" }, select: { id: true } });
    // Other tests leave admins behind: make this one the last by demoting them for the test's length.
    await db().user.updateMany({ where: { id: { in: admins.map((admin) => admin.id) } }, data: { role: "viewer" } });
    try {
      const only = await makeUserSession("admin");
      const actor = actorOf(only, "admin");
      await expect(setUserRole(actor, only.userId, "viewer")).rejects.toMatchObject({
        status: 409,
        message: expect.stringContaining("last admin"),
      });
      const second = await makeUserSession("viewer");
      await setUserRole(actor, second.userId, "admin");
      expect((await setUserRole(actor, only.userId, "viewer")).role).toBe("viewer");
      await expect(setUserRole(actor, second.userId, "annotator")).rejects.toMatchObject({ status: 409 });
    } finally {
      await db().user.updateMany({ where: { id: { in: admins.map((admin) => admin.id) } }, data: { role: "admin" } });
    }
  });
});

describe("sign-in throttling (stored in PostgreSQL)", () => {
  it("locks the account after repeated wrong passwords: even the right one waits, with the seconds to wait", async () => {
    const user = await makeUserSession("viewer");
    const address = uniqueAddress();
    for (let attempt = 0; attempt < FAILURE_LIMITS.account; attempt += 1) {
      expect(await signIn({ email: user.email, password: "wrong password!" }, address)).toEqual({ kind: "wrong" });
    }
    const locked = await signIn({ email: user.email, password: user.password }, address);
    expect(locked).toMatchObject({ kind: "throttled" });
    if (locked.kind !== "throttled") throw new Error("not throttled");
    expect(locked.retryAfterSeconds).toBeGreaterThan(0);
    expect(locked.retryAfterSeconds).toBeLessThanOrEqual(30);
    // The lock is per account: from another address it holds as well.
    expect((await signIn({ email: user.email, password: user.password }, uniqueAddress())).kind).toBe("throttled");
  });

  it("checks at most the limit's worth of parallel wrong passwords: the rest are refused unchecked", async () => {
    const user = await makeUserSession("viewer");
    const attempts = await Promise.all(
      Array.from({ length: 8 }, () => signIn({ email: user.email, password: "wrong password!" }, uniqueAddress())),
    );
    const checked = attempts.filter((attempt) => attempt.kind === "wrong").length;
    expect(checked).toBe(FAILURE_LIMITS.account);
    expect(attempts.filter((attempt) => attempt.kind === "throttled")).toHaveLength(8 - FAILURE_LIMITS.account);
    expect((await signIn({ email: user.email, password: user.password }, uniqueAddress())).kind).toBe("throttled");
  });

  it("takes a right password's attempt back from the address's count", async () => {
    const address = uniqueAddress();
    const user = await makeUserSession("viewer");
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect((await signIn({ email: user.email, password: user.password }, address)).kind).toBe("signed-in");
    const row = await db().signInThrottle.findUnique({ where: { key: `address:${address.toLowerCase()}` } });
    expect(row?.failures ?? 0).toBe(0);
  });

  it("locks an address that tries many accounts, and a right password clears the account's count", async () => {
    const address = uniqueAddress();
    const user = await makeUserSession("viewer");
    for (let attempt = 0; attempt < FAILURE_LIMITS.account - 1; attempt += 1)
      await signIn({ email: user.email, password: "wrong password!" }, address);
    expect((await signIn({ email: user.email, password: user.password }, address)).kind).toBe("signed-in");
    expect(await db().signInThrottle.count({ where: { key: `account:${user.email.toLowerCase()}` } })).toBe(0);
    for (let attempt = 0; attempt < FAILURE_LIMITS.address; attempt += 1)
      await signIn({ email: `nobody-${attempt}@example.test`, password: "wrong password!" }, address);
    expect((await signIn({ email: user.email, password: user.password }, address)).kind).toBe("throttled");
    expect((await signIn({ email: user.email, password: user.password }, uniqueAddress())).kind).toBe("signed-in");
  });
});
