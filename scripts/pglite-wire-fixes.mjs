// Makes the embedded PGlite answer the Postgres wire protocol as PostgreSQL does where @electric-sql/pglite 0.4
// does not (electric-sql/pglite#958, #1046, open upstream):
// - after an error in an extended-protocol message (Parse/Bind/Execute) PGlite sends ReadyForQuery at once, and
//   again at the client's Sync. The extra one desynchronizes node-postgres: the client is then "not queryable",
//   and the app's only embedded connection with it (a duplicate upload's unique violation did this);
// - PostgreSQL discards the messages after such an error until Sync; PGlite runs them;
// - a message that throws inside PGlite leaves pglite-socket's query queue stuck for every connection.
// The socket server is given this wrapper instead of the database; everything else passes through.

const READY_FOR_QUERY = 0x5a; // 'Z'
const ERROR_RESPONSE = 0x45; // 'E'
const SYNC = 0x53; // 'S'
const SIMPLE_QUERY = 0x51; // 'Q'

/** The frontend or backend messages of a buffer as [type, start, end] (a startup packet has no type byte). */
function messagesOf(buffer) {
  const messages = [];
  let offset = 0;
  while (offset + 5 <= buffer.length) {
    const end = offset + 1 + buffer.readInt32BE(offset + 1);
    messages.push([buffer[offset], offset, end]);
    offset = end;
  }
  return messages;
}

/** An ErrorResponse (SQLSTATE XX000, internal error), followed by ReadyForQuery when the input asked for one. */
function errorResponse(message, { ready, inTransaction }) {
  const fields = Buffer.from(`SERROR\0VERROR\0CXX000\0M${message}\0\0`, "utf8");
  const header = Buffer.alloc(5);
  header[0] = ERROR_RESPONSE;
  header.writeInt32BE(4 + fields.length, 1);
  const parts = [header, fields];
  // Status 'E': a failed transaction block, which the client rolls back; 'I': idle.
  if (ready) parts.push(Buffer.from([READY_FOR_QUERY, 0, 0, 0, 5, inTransaction ? 0x45 : 0x49]));
  return Buffer.concat(parts);
}

/**
 * Keeps one ReadyForQuery per Sync or simple Query of the input (the last ones: they carry the final transaction
 * status), and reports whether the answer held an error.
 */
export function filterReadyForQuery(output, expectedReady) {
  const messages = messagesOf(output);
  let readyLeft = messages.filter(([type]) => type === READY_FOR_QUERY).length;
  const kept = [];
  let failed = false;
  for (const [type, start, end] of messages) {
    if (type === ERROR_RESPONSE) failed = true;
    if (type === READY_FOR_QUERY && readyLeft-- > expectedReady) continue;
    kept.push(output.subarray(start, end));
  }
  // The common case, nothing dropped, answers with the bytes as they came.
  return { output: kept.length === messages.length ? output : Buffer.concat(kept), failed };
}

/** The database as pglite-socket's server uses it, with the fixes above. */
export function withWireProtocolFixes(db) {
  let ignoreTillSync = false;
  async function execProtocolRawStream(message, options) {
    const input = Buffer.from(message.buffer, message.byteOffset, message.byteLength);
    // A startup packet (no type byte) is answered as it is.
    if (input[0] === 0) return db.execProtocolRawStream(message, options);
    let messages = messagesOf(input);
    if (messages.length === 0) return db.execProtocolRawStream(message, options);
    if (ignoreTillSync) {
      const sync = messages.findIndex(([type]) => type === SYNC);
      if (sync === -1) return;
      ignoreTillSync = false;
      messages = messages.slice(sync);
    }
    const expectedReady = messages.filter(([type]) => type === SYNC || type === SIMPLE_QUERY).length;
    const batch = input.subarray(messages[0][1], messages.at(-1)[2]);
    // PGlite hands each chunk over as a copy of its memory, so the chunks are kept without copying again.
    const chunks = [];
    try {
      await db.execProtocolRawStream(batch, {
        ...options,
        onRawData: (data) => chunks.push(Buffer.from(data.buffer, data.byteOffset, data.byteLength)),
      });
    } catch (error) {
      console.error("[loopscope] the embedded database failed on a message; the client gets an error", error);
      if (expectedReady === 0) ignoreTillSync = true;
      const ready = expectedReady > 0;
      options.onRawData(
        errorResponse(`embedded database failure: ${error?.message ?? error}`, {
          ready,
          inTransaction: db.isInTransaction(),
        }),
      );
      return;
    }
    const { output, failed } = filterReadyForQuery(Buffer.concat(chunks), expectedReady);
    if (failed && expectedReady === 0) ignoreTillSync = true;
    if (output.length > 0) options.onRawData(new Uint8Array(output.buffer, output.byteOffset, output.byteLength));
  }
  return new Proxy(db, {
    get(target, property) {
      if (property === "execProtocolRawStream") return execProtocolRawStream;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
