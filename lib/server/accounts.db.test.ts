import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { makeApiToken, makeUserSession } from "@/lib/testing/accounts";
import { chunksOf, makeBundle } from "@/lib/testing/factories";
import { actorFromCredentials } from "./auth/credentials";
import { resolveActor } from "./auth/resolve-actor";
import { digest } from "./auth/secrets";
import { changePassword, createToken, revokeToken, signIn } from "./accounts";
import { deleteRun } from "./delete-run";
import { ingestBundle } from "./ingest-bundle";
import { waitFor } from "@/lib/testing/upload-jobs";

const bearer = (token: string) => new Headers({ authorization: `Bearer ${token}` });

afterEach(() => {
  delete process.env.LOOPSCOPE_AUTH;
});

describe("API tokens", () => {
  it("stores only a hash, resolves to the owner with its scopes, and records last use", async () => {
    const user = await makeUserSession("admin");
    const actor = await actorFromCredentials(new Headers({ cookie: user.cookie }));
    if (!actor) throw new Error("session not resolved");
    const { token, dto } = await createToken(actor, { name: "ci", scopes: ["upload"], expiresInDays: 0 });
    const stored = await db().apiToken.findUniqueOrThrow({ where: { id: dto.id } });
    expect(stored.tokenHash).toBe(digest(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored.lastUsedAt).toBeNull();
    expect(await actorFromCredentials(bearer(token))).toMatchObject({
      kind: "token",
      userId: user.userId,
      role: "admin",
      scopes: ["upload"],
    });
    expect((await db().apiToken.findUniqueOrThrow({ where: { id: dto.id } })).lastUsedAt).not.toBeNull();
  });

  it("refuses an expired token and a revoked one, even without required auth", async () => {
    const user = await makeUserSession("viewer");
    const expired = await makeApiToken(user.userId, ["read"], new Date(Date.now() - 1000));
    expect(await resolveActor(bearer(expired.token))).toBeNull();
    const live = await makeApiToken(user.userId, ["read"]);
    expect(await resolveActor(bearer(live.token))).not.toBeNull();
    const actor = await actorFromCredentials(new Headers({ cookie: user.cookie }));
    if (!actor) throw new Error("session not resolved");
    await revokeToken(actor, live.id);
    expect(await resolveActor(bearer(live.token))).toBeNull();
    await expect(revokeToken(actor, live.id)).rejects.toThrow("no such active token");
  });
});

describe("sessions and passwords", () => {
  it("signs in with the right password only and signs out other sessions and revokes tokens on password change", async () => {
    const user = await makeUserSession("annotator");
    const address = `198.51.100.${Math.floor(Math.random() * 250)}`;
    expect(await signIn({ email: user.email, password: "wrong password!" }, address)).toEqual({ kind: "wrong" });
    const session = await signIn({ email: user.email, password: user.password }, address);
    const token = await makeApiToken(user.userId, ["read"]);
    const actor = await actorFromCredentials(new Headers({ cookie: user.cookie }));
    if (!actor || session.kind !== "signed-in") throw new Error("no session");
    expect(
      await changePassword(actor, { current: user.password, next: "another long password" }, session.sessionToken),
    ).toBe(1);
    expect(await actorFromCredentials(new Headers({ cookie: user.cookie }))).toBeNull();
    expect(
      await actorFromCredentials(new Headers({ cookie: `loopscope_session=${session.sessionToken}` })),
    ).not.toBeNull();
    expect(await resolveActor(bearer(token.token))).toBeNull();
    expect((await signIn({ email: user.email, password: "another long password" }, address)).kind).toBe("signed-in");
  });

  it("acts as the local admin without credentials unless auth is required", async () => {
    expect(await resolveActor(new Headers())).toMatchObject({ kind: "local", role: "admin" });
    process.env.LOOPSCOPE_AUTH = "required";
    expect(await resolveActor(new Headers())).toBeNull();
  });
});

describe("deleting a run", () => {
  it("removes its trajectories, events and predictions in one go and records who did it", async () => {
    const result = await ingestBundle({ chunks: chunksOf(JSON.stringify(makeBundle())), fileName: "d.json" });
    if (result.kind !== "stored") throw new Error("not stored");
    const runId = result.runs[0]?.id ?? "";
    const admin = await makeUserSession("admin");
    const actor = await actorFromCredentials(new Headers({ cookie: admin.cookie }));
    if (!actor) throw new Error("no actor");
    await deleteRun(actor, runId);
    // The run is hidden at once and purged in the background (in the web process when there is no job queue).
    await waitFor(async () => ((await db().bundle.count({ where: { id: result.bundleId } })) === 0 ? true : null), {
      what: "the purge",
    });
    expect(await db().trajectory.count({ where: { runId } })).toBe(0);
    expect(await db().turnPrediction.count({ where: { runId } })).toBe(0);
    expect(await db().event.count({ where: { runId } })).toBe(0);
    expect(await db().bundle.count({ where: { id: result.bundleId } })).toBe(0);
    expect(await db().auditLog.findFirst({ where: { action: "delete_run", target: runId } })).toMatchObject({
      actorId: admin.userId,
    });
  });
});
