import pg from "pg";
import { E2E_DATABASE_URL } from "../../playwright.config";

/** Runs one SQL statement on the E2E server's database: a test sets up a state a user's action would reach. */
export async function sql(text: string, values: unknown[]): Promise<void> {
  const client = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}
