import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApiToken, makeUserSession } from "@/lib/testing/accounts";
import type { Access } from "./roles";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** Every route and method with the access it needs. A route file missing here fails the test. */
const ROUTES: Record<string, Partial<Record<"GET" | "POST" | "PUT" | "PATCH" | "DELETE", Access>>> = {
  "api/bundles": { GET: "read", POST: "upload" },
  "api/compare": { GET: "read" },
  "api/runs": { GET: "read" },
  "api/runs/[id]": { DELETE: "admin" },
  "api/runs/[id]/metrics": { GET: "read" },
  "api/runs/[id]/trajectories": { GET: "read" },
  "api/suites/[id]/protocol": { GET: "read" },
  "api/uploads/[id]": { GET: "upload" },
  "api/studies/[id]/items/[itemId]/labels": { PUT: "annotate" },
  "api/studies/[id]/labels": { GET: "read", POST: "admin" },
  "api/studies/[id]/report": { GET: "read" },
};

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
  adminUploadToken: { read: true, annotate: false, upload: true, admin: false },
  revokedOrBogusToken: { read: false, annotate: false, upload: false, admin: false },
};

const credentials: Record<string, Record<string, string>> = { anonymous: {} };

beforeAll(async () => {
  process.env.LOOPSCOPE_AUTH = "required";
  for (const role of ["viewer", "annotator", "admin"] as const) {
    const session = await makeUserSession(role);
    credentials[role] = { cookie: session.cookie };
    if (role === "viewer") credentials.readToken = { authorization: `Bearer ${(await makeApiToken(session.userId, ["read"])).token}` };
    if (role === "admin") credentials.adminUploadToken = { authorization: `Bearer ${(await makeApiToken(session.userId, ["upload"])).token}` };
  }
  credentials.revokedOrBogusToken = { authorization: "Bearer lsk_not-a-real-token" };
});

afterAll(() => {
  delete process.env.LOOPSCOPE_AUTH;
});

describe("route access matrix (LOOPSCOPE_AUTH=required)", () => {
  const appDir = path.resolve(process.cwd(), "app");

  it("lists every route file of the app", () => {
    expect(routeFiles(appDir).sort()).toEqual(Object.keys(ROUTES).sort());
  });

  for (const [routePath, methods] of Object.entries(ROUTES)) {
    for (const [method, access] of Object.entries(methods)) {
      it(`${method} /${routePath} needs ${access}`, async () => {
        const module = (await import(/* @vite-ignore */ path.join(appDir, routePath, "route.ts"))) as Record<string, Handler>;
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
