// Creates the named database of a connection string when it does not exist yet, so a fresh server needs no manual
// step. Several processes may start at once on a missing database: the loser of CREATE DATABASE's race gets
// 42P04 (duplicate_database) or 23505 (the unique index of pg_database) and finds the database there.
import pg from "pg";

const CREATED_BY_ANOTHER = new Set(["42P04", "23505"]);

/** @param {string} url @returns {Promise<"exists" | "created" | "created by another process">} */
export async function ensureServerDatabase(url) {
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    await probe.end();
    return "exists";
  } catch (error) {
    if (error?.code !== "3D000") throw error;
  }
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const adminUrl = new URL(url);
  adminUrl.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
    return "created";
  } catch (error) {
    if (CREATED_BY_ANOTHER.has(error?.code)) return "created by another process";
    throw error;
  } finally {
    await admin.end();
  }
}
