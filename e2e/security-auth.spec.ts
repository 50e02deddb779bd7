import { expect, test, type Page, type Request } from "@playwright/test";
import { createTestUser, type TestUser } from "./support/accounts";
import { makeSizedBundle } from "./support/bundles";
import { uniqueId } from "@/lib/testing/factories";
import { followUpload } from "./fixtures/upload";

async function signIn(page: Page, user: TestUser, path = "/signin") {
  await page.goto(path);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Every CSP violation the page reports (Chromium logs each one to the console). */
function collectCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(message.text()))
      violations.push(message.text());
  });
  return violations;
}

test("an admin's read token cannot call the token-creation server action (escalation)", async ({
  page,
  playwright,
  baseURL,
}) => {
  const admin = await createTestUser("admin");
  await signIn(page, admin);
  await expect(page).toHaveURL(/\/runs$/);
  await page.goto("/account");
  const form = page.getByRole("form", { name: "Create API token" });
  await form.getByLabel("Name").fill("read only");
  // Record the server-action request the browser sends, to replay it with a token instead of the cookie.
  const actionRequest = page.waitForRequest(
    (request: Request) => request.method() === "POST" && request.headers()["next-action"] !== undefined,
  );
  await form.getByRole("button", { name: "Create token" }).click();
  const recorded = await actionRequest;
  const readToken = (await page.getByTestId("new-token").textContent()) ?? "";
  expect(readToken).toMatch(/^lsk_/);

  const replay = await playwright.request.newContext({ baseURL });
  const headers = await recorded.allHeaders();
  const response = await replay.post(new URL(recorded.url()).pathname, {
    headers: {
      "next-action": headers["next-action"] ?? "",
      "next-router-state-tree": headers["next-router-state-tree"] ?? "",
      "content-type": headers["content-type"] ?? "",
      authorization: `Bearer ${readToken}`,
    },
    data: recorded.postDataBuffer() ?? Buffer.alloc(0),
  });
  expect(response.status()).toBe(403);
  expect(await response.text()).not.toContain("lsk_");
  await replay.dispose();
  await page.reload();
  // Only the one token made through the form exists.
  await expect(
    page.getByRole("table", { name: "API tokens" }).getByRole("cell", { name: "read only", exact: true }),
  ).toHaveCount(1);
});

test("a server-action form posted from another origin gets a clean 403, not a 500", async ({ request }) => {
  const response = await request.post("/signin", {
    headers: {
      origin: "http://127.0.0.1:9",
      "next-action": "0".repeat(42),
      "content-type": "text/plain;charset=UTF-8",
    },
    data: "[]",
  });
  expect(response.status()).toBe(403);
  expect((await response.json()).error).toContain("another site");
});

test("next= only leads to this host, and a repeated next= is no error", async ({ page, request, baseURL }) => {
  expect((await request.get("/signin?next=a&next=b")).status()).toBe(200);
  const viewer = await createTestUser("viewer");
  await signIn(page, viewer, "/signin?next=/%5Cevil.example/");
  await expect(page).toHaveURL(/\/runs$/);
  expect(new URL(page.url()).host).toBe(new URL(baseURL ?? "").host);
});

test("hostile URLs and cookies answer 4xx", async ({ request, playwright, baseURL }) => {
  expect((await request.get("/runs/%00")).status()).toBe(400);
  const cookieContext = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { cookie: "loopscope_session=%E0%A4%A" },
  });
  expect((await cookieContext.get("/api/runs")).status()).toBe(401);
  await cookieContext.dispose();
});

test("sign-in is throttled after repeated wrong passwords, with the seconds to wait", async ({ page }) => {
  // Six scrypt checks in a row: slow on a loaded machine.
  test.slow();
  // Its own address key, so reruns within 15 minutes never lock out the other specs' sign-ins from 127.0.0.1
  // (honoured because this server trusts loopback as its proxy: LOOPSCOPE_TRUSTED_PROXIES in playwright.config.ts).
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `192.0.2.${Date.now() % 250}` });
  const user = await createTestUser("viewer");
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await signIn(page, { ...user, password: "not the password" });
    await expect(page.getByText("wrong email or password")).toBeVisible({ timeout: 30_000 });
  }
  await signIn(page, user);
  await expect(page.getByText(/too many failed sign-ins; try again in \d+ s/)).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/signin/);
});

test("pages carry security headers and a CSP they pass: the run page's charts render", async ({ page }) => {
  test.slow();
  const admin = await createTestUser("admin");
  const violations = collectCspViolations(page);
  await signIn(page, admin);
  await expect(page).toHaveURL(/\/runs$/);
  const runName = uniqueId("csp-run");
  // The page's own fetch sends this origin: allowed. (The upload page itself is covered by auth.spec.ts.)
  const stored = await page.request.post("/api/bundles", {
    data: JSON.stringify(makeSizedBundle(3, runName)),
    headers: { "content-type": "application/json" },
  });
  expect((await followUpload(page.request, stored)).status).toBe(201);
  // A 3-task run sits below the leaderboard's default minimum of 5 tasks: ask for it by name.
  const response = await page.goto(`/runs?q=${runName}&minTasks=0`);
  const headers = response?.headers() ?? {};
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("same-origin");
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  await page.getByRole("table", { name: "Leaderboard" }).getByRole("link", { name: runName }).click();
  await expect(page).toHaveURL(/\/runs\/[^/]+$/, { timeout: 60_000 });
  await expect(page.locator(".recharts-surface").first()).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: "test-results/security-run-page-csp.png", fullPage: true });
  for (const path of ["/account", "/upload", "/studies", "/admin/users", "/admin/audit"]) {
    await page.goto(path);
    await expect(page.locator("main h1").first()).toBeVisible();
  }
  const api = await page.request.get("/api/runs");
  expect(api.headers()["x-content-type-options"]).toBe("nosniff");
  expect(api.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(violations).toEqual([]);
});

test("proxy headers from a client that is no trusted proxy are ignored; the Origin check compares the scheme", async ({
  request,
}) => {
  // The open-mode server trusts no proxy (LOOPSCOPE_TRUSTED_PROXIES unset); a run that does not exist answers 404
  // to a same-origin DELETE, so a 403 here is the Origin check and nothing else.
  const site = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
  const remove = (headers: Record<string, string>) => request.delete(`${site}/api/runs/no-such-run`, { headers });
  expect((await remove({ origin: site })).status()).toBe(404);
  const forged = { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };
  expect((await remove({ ...forged, origin: "https://evil.example" })).status()).toBe(403);
  expect((await remove({ origin: site.replace("http:", "https:") })).status()).toBe(403);
});
