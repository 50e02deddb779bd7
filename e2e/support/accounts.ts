import pg from "pg";
import { expect, type Browser, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { hashPassword } from "@/lib/server/auth/passwords";
import { uniqueId } from "@/lib/testing/factories";

export interface TestUser {
  id: string;
  email: string;
  password: string;
  name: string;
}

/** Creates a user straight in the auth E2E database (the app itself offers no sign-up). */
export async function createTestUser(role: "viewer" | "annotator" | "admin"): Promise<TestUser> {
  const client = new pg.Client({ connectionString: process.env.E2E_AUTH_DATABASE_URL });
  await client.connect();
  try {
    const user = {
      id: randomUUID(),
      email: `${uniqueId(role)}@example.test`,
      password: "e2e password long",
      name: `${role} ${uniqueId("u")}`,
    };
    await client.query(
      `INSERT INTO "User" ("id", "email", "name", "passwordHash", "role") VALUES ($1, $2, $3, $4, $5)`,
      [user.id, user.email, user.name, await hashPassword(user.password), role],
    );
    return user;
  } finally {
    await client.end();
  }
}

/** A page in a fresh browser context, signed in as `user` on the auth server (sign-in lands on /runs). */
export async function signedIn(browser: Browser, user: TestUser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto("/signin");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/runs$/);
  return page;
}
