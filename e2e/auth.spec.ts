import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test, type Page } from "@playwright/test";
import { createTestUser, type TestUser } from "./support/accounts";
import { makeSizedBundle, writeBundleFile } from "./support/bundles";
import { uniqueId } from "@/lib/testing/factories";

const run = promisify(execFile);

async function signIn(page: Page, user: TestUser) {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/runs$/);
  await expect(page.getByRole("link", { name: new RegExp(user.name) })).toBeVisible();
}

test("without a session every page and API call is refused", async ({ page, request }) => {
  await page.goto("/runs");
  await expect(page).toHaveURL(/\/signin$/);
  expect((await request.get("/api/runs")).status()).toBe(401);
  expect((await request.post("/api/bundles", { data: "{}" })).status()).toBe(401);
});

test("an admin signs in and uploads; a viewer sees uploads refused", async ({ browser }) => {
  const admin = await createTestUser("admin");
  const adminPage = await (await browser.newContext()).newPage();
  await signIn(adminPage, admin);
  const runName = uniqueId("admin-upload");
  await adminPage.goto("/upload");
  await adminPage.getByLabel("Bundle files").setInputFiles(writeBundleFile(makeSizedBundle(2, runName)));
  await expect(adminPage.getByRole("region", { name: "Upload of bundle.json" }).getByRole("status")).toContainText(
    "Stored",
  );
  await adminPage.goto("/admin/audit");
  await expect(adminPage.getByRole("table", { name: "Audit log" })).toContainText(admin.name);

  const viewer = await createTestUser("viewer");
  const viewerPage = await (await browser.newContext()).newPage();
  await signIn(viewerPage, viewer);
  // A small run sits below the leaderboard's default minimum of 5 tasks: ask for it by name.
  await viewerPage.goto(`/runs?q=${runName}&minTasks=0`);
  await expect(
    viewerPage.getByRole("table", { name: "Leaderboard" }).getByRole("link", { name: runName }),
  ).toBeVisible();
  await expect(viewerPage.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Upload" })).toHaveCount(
    0,
  );
  await viewerPage.goto("/upload");
  await expect(viewerPage.getByRole("heading", { name: "Not allowed" })).toBeVisible();
  const refused = await viewerPage.request.post("/api/bundles", {
    data: JSON.stringify(makeSizedBundle(1)),
    headers: { "content-type": "application/json" },
  });
  expect(refused.status()).toBe(403);
  await viewerPage.screenshot({ path: "test-results/auth-viewer-refused.png" });
});

test("an admin creates a token, the CLI uploads with it, and a revoked token is refused", async ({ page, baseURL }) => {
  const admin = await createTestUser("admin");
  await signIn(page, admin);
  await page.goto("/account");
  const form = page.getByRole("form", { name: "Create API token" });
  await form.getByLabel("Name").fill("ci uploads");
  await form.getByLabel("upload").check();
  await form.getByRole("button", { name: "Create token" }).click();
  const token = (await page.getByTestId("new-token").textContent()) ?? "";
  expect(token).toMatch(/^lsk_/);
  await expect(page.getByRole("table", { name: "API tokens" })).toContainText("ci uploads");
  await page.screenshot({ path: "test-results/auth-token-created.png" });

  const file = writeBundleFile(makeSizedBundle(2, uniqueId("cli-token")));
  const withoutToken = await run("node", ["bin/loopscope.mjs", "upload", file, "--url", baseURL ?? ""]).catch(
    (error: { code: number; stderr: string }) => error,
  );
  expect(withoutToken).toMatchObject({ code: 1 });
  const uploaded = await run("node", ["bin/loopscope.mjs", "upload", file, "--url", baseURL ?? "", "--token", token]);
  expect(uploaded.stdout).toContain("stored as loopscope-json");

  await page.reload();
  const tokens = page.getByRole("table", { name: "API tokens" });
  // The CLI's use shows as the token's last-used time.
  await expect(
    tokens
      .getByRole("row", { name: /ci uploads/ })
      .getByRole("cell")
      .nth(5),
  ).not.toHaveText("never");
  page.once("dialog", (dialog) => dialog.accept());
  await tokens.getByRole("button", { name: "Revoke" }).first().click();
  await expect(tokens.getByRole("row", { name: /ci uploads/ })).toContainText("revoked");
  const afterRevoke = await run("node", [
    "bin/loopscope.mjs",
    "upload",
    writeBundleFile(makeSizedBundle(1)),
    "--url",
    baseURL ?? "",
    "--token",
    token,
  ]).catch((error: { code: number; stderr: string }) => error);
  expect(afterRevoke).toMatchObject({ code: 1 });
  expect("stderr" in afterRevoke ? afterRevoke.stderr : "").toContain("rejected (401)");
});
