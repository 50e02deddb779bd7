import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApiToken, makeUserSession } from "@/lib/testing/accounts";
import { authorizeAction } from "../action-access";
import type { Access } from "./roles";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** Every route and method with the access it needs. A route file missing here fails the test. */
const ROUTES: Record<string, Partial<Record<"GET" | "POST" | "PUT" | "PATCH" | "DELETE", Access>>> = {
  "api/bundles": { GET: "read", POST: "upload" },
  "api/compare": { GET: "read" },
  "api/experiments": { GET: "read" },
  "api/runs": { GET: "read" },
  "api/runs/[id]": { DELETE: "admin" },
  "api/runs/[id]/metrics": { GET: "read" },
  "api/runs/[id]/judges": { GET: "read" },
  "api/runs/[id]/trajectories": { GET: "read" },
  "api/search": { GET: "read" },
  "api/suites/[id]/protocol": { GET: "read" },
  "api/uploads/[id]": { GET: "upload" },
  "api/studies/[id]/items/[itemId]/labels": { PUT: "annotate" },
  "api/studies/[id]/labels": { GET: "read", POST: "admin" },
  "api/studies/[id]/report": { GET: "read" },
  "api/studies": { POST: "admin" },
  "api/studies/[id]/judge-labels": { POST: "upload" },
  "api/admin/reimport": { POST: "upload" },
  metrics: { GET: "read" },
};

/**
 * Routes that answer anyone, by design: liveness and readiness (a load balancer has no token; they name no data) and
 * the two public documents pages link to.
 */
const PUBLIC_ROUTES = ["docs/[name]", "healthz", "readyz"];

function routeFiles(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full, base);
    return name === "route.ts" ? [path.relative(base, dir)] : [];
  });
}

// Who may do what, by access level (true = allowed: anything but 401/403).
const EXPECTED: Record<string, Record<Access, boolean>> = {
  anonymous: { read: false, annotate: false, upload: false, admin: false },
  viewer: { read: true, annotate: false, upload: false, admin: false },
  annotator: { read: true, annotate: true, upload: false, admin: false },
  admin: { read: true, annotate: true, upload: true, admin: true },
  readToken: { read: true, annotate: false, upload: false, admin: false },
  adminReadToken: { read: true, annotate: false, upload: false, admin: false },
  adminUploadToken: { read: true, annotate: false, upload: true, admin: false },
  revokedOrBogusToken: { read: false, annotate: false, upload: false, admin: false },
};

const credentials: Record<string, Record<string, string>> = { anonymous: {} };

beforeAll(async () => {
  process.env.LOOPSCOPE_AUTH = "required";
  for (const role of ["viewer", "annotator", "admin"] as const) {
    const session = await makeUserSession(role);
    credentials[role] = { cookie: session.cookie };
    if (role === "viewer")
      credentials.readToken = { authorization: `Bearer ${(await makeApiToken(session.userId, ["read"])).token}` };
    if (role === "admin")
      credentials.adminUploadToken = {
        authorization: `Bearer ${(await makeApiToken(session.userId, ["upload"])).token}`,
      };
    if (role === "admin")
      credentials.adminReadToken = { authorization: `Bearer ${(await makeApiToken(session.userId, ["read"])).token}` };
  }
  credentials.revokedOrBogusToken = { authorization: "Bearer lsk_not-a-real-token" };
});

afterAll(() => {
  delete process.env.LOOPSCOPE_AUTH;
});

describe("route access matrix (LOOPSCOPE_AUTH=required)", () => {
  const appDir = path.resolve(process.cwd(), "app");

  it("lists every route file of the app", () => {
    expect(routeFiles(appDir).sort()).toEqual([...Object.keys(ROUTES), ...PUBLIC_ROUTES].sort());
  });

  for (const [routePath, methods] of Object.entries(ROUTES)) {
    for (const [method, access] of Object.entries(methods)) {
      it(`${method} /${routePath} needs ${access}`, async () => {
        const module = (await import(/* @vite-ignore */ path.join(appDir, routePath, "route.ts"))) as Record<
          string,
          Handler
        >;
        const handler = module[method];
        expect(handler).toBeTypeOf("function");
        for (const [who, allowed] of Object.entries(EXPECTED)) {
          const url = `http://test/${routePath.replaceAll("[id]", "no-such-run")}?id=none`;
          // A body that is cheap to reject: access is checked before anything is read.
          const init: RequestInit = { method, headers: { ...credentials[who], "content-type": "application/json" } };
          if (method === "POST") init.body = "{}";
          const response = await handler!(new Request(url, init), { params: Promise.resolve({ id: "no-such-run" }) });
          const expectedStatus = who === "anonymous" || who === "revokedOrBogusToken" ? 401 : 403;
          if (allowed[access]) expect([401, 403], `${who} ${method} /${routePath}`).not.toContain(response.status);
          else expect(response.status, `${who} ${method} /${routePath}`).toBe(expectedStatus);
        }
      });
    }
  }
});

/**
 * Every server action with the access its runAction() names ("none": runs before sign-in and
 * checks only the origin). An action missing here, or with another access, fails the test.
 */
const ACTIONS: Record<string, Record<string, Access | "none">> = {
  "auth-actions.ts": {
    signInAction: "none",
    signOutAction: "none",
    setupAction: "none",
    changePasswordAction: "read",
    createTokenAction: "read",
    revokeTokenAction: "read",
    createUserAction: "admin",
    setRoleAction: "admin",
  },
  "runs/[id]/actions.ts": { deleteRunAction: "admin", editRunAction: "upload", reimportRunAction: "admin" },
  "studies/actions.ts": { createStudyAction: "admin", setStudyOpenAction: "admin", adjudicateAction: "admin" },
};

function actionsIn(file: string): Record<string, Access | "none"> {
  const source = readFileSync(file, "utf8");
  const found: Record<string, Access | "none"> = {};
  for (const block of source.split(/(?=^export async function )/m).slice(1)) {
    const name = /^export async function (\w+)/.exec(block)?.[1] ?? "";
    const access = /runAction\("(\w+)"/.exec(block)?.[1];
    found[name] =
      access === "read" || access === "annotate" || access === "upload" || access === "admin" ? access : "none";
  }
  return found;
}

// Server actions take a session only: every token, whatever its scope, is refused.
const ACTION_EXPECTED: Record<string, Record<Access, boolean>> = {
  ...EXPECTED,
  readToken: { read: false, annotate: false, upload: false, admin: false },
  adminReadToken: { read: false, annotate: false, upload: false, admin: false },
  adminUploadToken: { read: false, annotate: false, upload: false, admin: false },
};

describe("server action access matrix (LOOPSCOPE_AUTH=required)", () => {
  const appDir = path.resolve(process.cwd(), "app");

  it("lists every server action of the app with its access", () => {
    const files = routeFilesNamed(appDir, (name) => name === "actions.ts" || name === "auth-actions.ts");
    expect(files.sort()).toEqual(Object.keys(ACTIONS).sort());
    for (const file of files) expect(actionsIn(path.join(appDir, file)), file).toEqual(ACTIONS[file]);
  });

  for (const [file, actions] of Object.entries(ACTIONS)) {
    for (const [action, access] of Object.entries(actions)) {
      if (access === "none") continue;
      it(`${action} (${file}) needs a session with ${access}`, async () => {
        for (const [who, allowed] of Object.entries(ACTION_EXPECTED)) {
          const result = await authorizeAction(new Headers(credentials[who]), access);
          expect("actor" in result, `${who} ${action}`).toBe(allowed[access]);
        }
        const crossSite = await authorizeAction(
          new Headers({ ...credentials.admin, origin: "http://127.0.0.1:9999", host: "127.0.0.1:3701" }),
          access,
        );
        expect(crossSite).toMatchObject({ refused: { ok: false, message: expect.stringContaining("another site") } });
      });
    }
  }

  it("refuses an admin's read token on the token-creation action (the escalation of issue 13)", async () => {
    const result = await authorizeAction(new Headers({ ...credentials.adminReadToken }), "read");
    expect(result).toEqual({
      refused: { ok: false, message: "API tokens work only on /api routes; sign in to use this form" },
    });
  });
});

function routeFilesNamed(dir: string, wanted: (name: string) => boolean, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFilesNamed(full, wanted, base);
    return wanted(name) ? [path.relative(base, full)] : [];
  });
}
