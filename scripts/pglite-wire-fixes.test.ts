import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filterReadyForQuery, withWireProtocolFixes } from "./pglite-wire-fixes.mjs";

// The embedded database as scripts/with-database.mjs serves it, and node-postgres as the app's pool uses it.
let db: PGlite;
let server: PGLiteSocketServer;
let url: string;

beforeAll(async () => {
  db = await PGlite.create();
  server = new PGLiteSocketServer({
    db: withWireProtocolFixes(db) as PGlite,
    port: 0,
    host: "127.0.0.1",
    maxConnections: 8,
  });
  await server.start();
  url = `postgresql://postgres@${server.getServerConn()}/postgres?sslmode=disable`;
  await db.exec(`CREATE TABLE bundle (id int PRIMARY KEY, hash text UNIQUE)`);
  await db.exec(`INSERT INTO bundle VALUES (1, 'same')`);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await db?.close();
});

async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Queries sent back to back, as the ingest sends ROLLBACK the moment a failed statement is answered: the second is
 * on the wire before PGlite's late ReadyForQuery, which then ends it early (pg queues the sends and warns that this
 * is deprecated; here it is the point).
 */
function backToBack(client: pg.Client, queries: [string, unknown[]][]) {
  const node = process as { noDeprecation?: boolean };
  const noDeprecation = node.noDeprecation;
  node.noDeprecation = true;
  try {
    return Promise.allSettled(queries.map(([text, values]) => client.query(text, values)));
  } finally {
    node.noDeprecation = noDeprecation;
  }
}

const outcome = (settled: PromiseSettledResult<pg.QueryResult>) =>
  settled.status === "fulfilled" ? settled.value.rows : (settled.reason as { code?: string }).code;

describe("the embedded database over the wire, with withWireProtocolFixes", () => {
  it("answers the statements after a unique violation in a transaction (a duplicate upload's path) correctly", async () => {
    await withClient(async (client) => {
      await client.query("BEGIN");
      await client.query("INSERT INTO bundle VALUES ($1, $2)", [2, "new"]);
      const settled = await backToBack(client, [
        ["UPDATE bundle SET hash = $1 WHERE id = $2", ["same", 2]],
        ["ROLLBACK", []],
        ["SELECT id FROM bundle WHERE id = ANY($1::int[]) ORDER BY id", [[1, 2]]],
      ]);
      expect(settled.map(outcome)).toEqual(["23505", [], [{ id: 1 }]]);
      expect((await client.query("SELECT $1::int AS x", [7])).rows).toEqual([{ x: 7 }]);
    });
  });

  it("answers errors in Parse, Bind and Execute, then the next queries, on the same client", async () => {
    await withClient(async (client) => {
      const settled = await backToBack(client, [
        ["SELEC $1::int", [1]],
        ["SELECT $1::int AS x", ["not a number"]],
        ["SELECT 1/$1::int AS x", [0]],
        ["SELECT $1::int AS x", [7]],
      ]);
      expect(settled.map(outcome)).toEqual(["42601", "22P02", "22012", [{ x: 7 }]]);
    });
  });

  it("leaves other connections working after one client's error", async () => {
    await withClient(async (failing) => {
      const settled = await backToBack(failing, [
        ["INSERT INTO bundle VALUES ($1, $2)", [1, "x"]],
        ["SELECT count(*)::int AS n FROM bundle", []],
      ]);
      expect(settled.map(outcome)).toEqual(["23505", [{ n: 1 }]]);
      await withClient(async (other) => {
        expect((await other.query("SELECT count(*)::int AS n FROM bundle")).rows).toEqual([{ n: 1 }]);
      });
    });
  });
});

describe("filterReadyForQuery", () => {
  const message = (type: string, body: number[] = []) => {
    const buffer = Buffer.alloc(5 + body.length);
    buffer.write(type, 0);
    buffer.writeInt32BE(4 + body.length, 1);
    Buffer.from(body).copy(buffer, 5);
    return buffer;
  };
  const types = (buffer: Buffer) => {
    const out: string[] = [];
    for (let offset = 0; offset < buffer.length; offset += 1 + buffer.readInt32BE(offset + 1))
      out.push(String.fromCharCode(buffer[offset]!));
    return out.join("");
  };

  it("keeps the last ReadyForQuery of each Sync and drops the premature one after an error", () => {
    const ready = (status: string) => message("Z", [status.charCodeAt(0)]);
    const answer = Buffer.concat([message("1"), message("2"), message("E", [0]), ready("E"), ready("E")]);
    const { output, failed } = filterReadyForQuery(answer, 1);
    expect(types(output)).toBe("12EZ");
    expect(failed).toBe(true);
    expect(types(filterReadyForQuery(Buffer.concat([message("E", [0]), ready("I")]), 0).output)).toBe("E");
    expect(filterReadyForQuery(Buffer.concat([message("C", [0]), ready("I")]), 1)).toEqual({
      output: Buffer.concat([message("C", [0]), ready("I")]),
      failed: false,
    });
  });
});
