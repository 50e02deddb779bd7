import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as postBundle } from "@/app/api/bundles/route";
import { DELETE as deleteRunRoute } from "@/app/api/runs/[id]/route";
import { GET as getMetrics } from "@/app/api/runs/[id]/metrics/route";
import { GET as getTrajectories } from "@/app/api/runs/[id]/trajectories/route";
import { PUT as putLabels } from "@/app/api/studies/[id]/items/[itemId]/labels/route";
import { makeApiToken, makeUserSession } from "@/lib/testing/accounts";
import { makeBundle, makeTrajectory } from "@/lib/testing/factories";
import { tableCounts } from "@/lib/testing/table-counts";

type Session = Awaited<ReturnType<typeof makeUserSession>>;
let admin: Session;
let uploadToken = "";

function upload(body: BodyInit, headers: Record<string, string>, query = "") {
  const request = new Request(`http://test/api/bundles${query}`, {
    method: "POST",
    body,
    headers,
    duplex: "half",
  } as RequestInit);
  return postBundle(request, { params: Promise.resolve({}) });
}

beforeAll(async () => {
  admin = await makeUserSession("admin");
  uploadToken = (await makeApiToken(admin.userId, ["upload"])).token;
});

afterEach(() => {
  delete process.env.LOOPSCOPE_AUTH;
});

afterAll(() => {
  delete process.env.LOOPSCOPE_AUTH;
});

describe("CSRF: state-changing API calls from another site get a clean 403 and write nothing", () => {
  it("refuses the admin's cookie upload from a page on another port, a no-cors fetch and a text/plain form", async () => {
    const before = await tableCounts();
    const body = JSON.stringify(makeBundle());
    const fromOtherPort = await upload(body, {
      cookie: admin.cookie,
      origin: "http://127.0.0.1:9999",
      "content-type": "application/json",
    });
    expect(fromOtherPort.status).toBe(403);
    expect((await fromOtherPort.json()).error).toContain("another site");
    const noCors = await upload(body, {
      cookie: admin.cookie,
      "sec-fetch-site": "same-site",
      "content-type": "text/plain",
    });
    expect(noCors.status).toBe(403);
    const label = await putLabels(
      new Request("http://test/api/studies/s/items/i/labels", {
        method: "PUT",
        body: "{}",
        headers: { cookie: admin.cookie, origin: "https://evil.example", "content-type": "text/plain" },
      }),
      { params: Promise.resolve({ id: "s", itemId: "i" }) },
    );
    expect(label.status).toBe(403);
    expect(await tableCounts()).toEqual(before);
  });

  it("refuses a foreign page in open mode too (no credentials: the local admin)", async () => {
    const response = await deleteRunRoute(
      new Request("http://test/api/runs/x", { method: "DELETE", headers: { origin: "http://localhost:8080" } }),
      { params: Promise.resolve({ id: "x" }) },
    );
    expect(response.status).toBe(403);
    const upload403 = await upload(JSON.stringify(makeBundle()), {
      origin: "http://evil.example",
      "content-type": "application/json",
    });
    expect(upload403.status).toBe(403);
  });

  it("keeps the CLI working: a bearer token without Origin uploads, and so does the app's own page", async () => {
    process.env.LOOPSCOPE_AUTH = "required";
    const cli = await upload(JSON.stringify(makeBundle()), {
      authorization: `Bearer ${uploadToken}`,
      "content-type": "application/json",
    });
    expect(cli.status).toBe(201);
    const page = await upload(JSON.stringify(makeBundle()), {
      cookie: admin.cookie,
      origin: "http://test",
      "sec-fetch-site": "same-origin",
      "content-type": "application/json",
    });
    expect(page.status).toBe(201);
  });
});

describe("bad input answers a located 4xx, never a 5xx", () => {
  it("a NUL in a route id or a query value", async () => {
    const metrics = await getMetrics(new Request("http://test/api/runs/%00/metrics"), {
      params: Promise.resolve({ id: "\u0000" }),
    });
    expect(metrics.status).toBe(400);
    expect(await metrics.json()).toMatchObject({
      issues: [{ path: "params.id", message: "must not contain control characters" }],
    });
    const query = await getTrajectories(new Request("http://test/api/runs/x/trajectories?q=%00"), {
      params: Promise.resolve({ id: "x" }),
    });
    expect(query.status).toBe(400);
    expect(await query.json()).toMatchObject({ issues: [{ path: "query.q" }] });
  });

  it("a malformed x-file-name header and a ?name=%25 query", async () => {
    const before = await tableCounts();
    const header = await upload(JSON.stringify(makeBundle()), {
      "content-type": "application/json",
      "x-file-name": "%E0%A4%A",
    });
    expect(header.status).toBe(400);
    expect(await header.json()).toMatchObject({ issues: [{ path: "headers.x-file-name" }] });
    expect(await tableCounts()).toEqual(before);
    const query = await upload(JSON.stringify(makeBundle()), { "content-type": "application/json" }, "?name=%25");
    expect(query.status).toBe(201);
  });

  it("malformed multipart: no boundary, or cut off inside the file part", async () => {
    const before = await tableCounts();
    const noBoundary = await upload("x", { "content-type": "multipart/form-data" });
    expect(noBoundary.status).toBe(400);
    const cut = [
      "--XyZ",
      'Content-Disposition: form-data; name="file"; filename="a.json"',
      "",
      JSON.stringify(makeBundle()).slice(0, 200),
    ].join("\r\n");
    const truncated = await upload(cut, { "content-type": "multipart/form-data; boundary=XyZ" });
    expect(truncated.status).toBeGreaterThanOrEqual(400);
    expect(truncated.status).toBeLessThan(500);
    expect(await tableCounts()).toEqual(before);
  });

  it("a timestamp offset PostgreSQL refuses (+16:00) is a 422 naming the event", async () => {
    const before = await tableCounts();
    const bundle = makeBundle({
      trajectories: [
        makeTrajectory({ events: [{ kind: "user_message", text: "hi", timestamp: "2025-01-01T00:00:00+16:00" }] }),
      ],
    });
    const response = await upload(JSON.stringify(bundle), { "content-type": "application/json" });
    expect(response.status).toBe(422);
    expect((await response.json()).issues).toContainEqual(
      expect.objectContaining({
        path: "trajectories[0].events[0].timestamp",
        message: "the UTC offset must lie within -14:00 and +14:00",
      }),
    );
    expect(await tableCounts()).toEqual(before);
  });

  it("a malformed session cookie is no session (401 when sign-in is required)", async () => {
    process.env.LOOPSCOPE_AUTH = "required";
    const response = await getMetrics(
      new Request("http://test/api/runs/x/metrics", { headers: { cookie: "loopscope_session=%E0%A4%A" } }),
      { params: Promise.resolve({ id: "x" }) },
    );
    expect(response.status).toBe(401);
  });
});
