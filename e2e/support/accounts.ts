import pg from "pg";
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
