import { deflateRawSync, gzipSync } from "node:zlib";
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { BundleInputError, IssueCollector } from "../issues";
import { openBundle } from "../read-bundle";
import { DEFAULT_READ_LIMITS, DecompressedTooLargeError, type ReadLimits } from "../read-limits";
import { isArchive, tarArchiveEvents, zipArchiveEvents } from "./archive";
import { parseMember } from "./archive-member";
import { createMemoryByteSpill, memoryBytes, type ByteSpill } from "../byte-spill";
import type { DocumentEvent } from "../json-document-stream";
import { tau2Importer } from "./tau2-importer";
import { makeTau2Results, type Tau2Results } from "@/lib/testing/tau2-results";
import { zipOfDeflated } from "@/lib/testing/hand-zip";

const encoder = new TextEncoder();
// A written tau2 results file (4 tasks x 4 trials), so these tests need nothing outside the repository.
function writtenResults(): Tau2Results {
  return makeTau2Results({ tasks: 4, trials: 4 });
}

/** The dir format tau2 writes: results.json without simulations plus simulations/<id>.json. */
function dirFiles(results: Tau2Results, root: string): Record<string, Uint8Array> {
  const { simulations, ...meta } = results;
  const index = simulations.map((s) => ({ id: s.id, task_id: s.task_id, trial: s.trial }));
  const files: Record<string, Uint8Array> = {
    [`${root}results.json`]: encoder.encode(
      JSON.stringify({ ...meta, format_version: "dir", simulation_index: index }),
    ),
  };
  for (const simulation of simulations)
    files[`${root}simulations/${simulation.id}.json`] = encoder.encode(JSON.stringify(simulation, null, 2));
  return files;
}

function tarHeader(name: string, size: number, type: string, prefix = ""): Uint8Array {
  const header = new Uint8Array(512);
  const put = (text: string, offset: number, length: number) =>
    header.set(encoder.encode(text).subarray(0, length), offset);
  put(name, 0, 100);
  put("0000644\0", 100, 8);
  put("0000000\0", 108, 8);
  put("0000000\0", 116, 8);
  put(`${size.toString(8).padStart(11, "0")}\0`, 124, 12);
  put("00000000000\0", 136, 12);
  put("        ", 148, 8);
  put(type, 156, 1);
  put("ustar\0", 257, 6);
  put("00", 263, 2);
  put(prefix, 345, 155);
  const sum = header.reduce((total, byte) => total + byte, 0);
  put(`${sum.toString(8).padStart(6, "0")}\0 `, 148, 8);
  return header;
}

const pad = (size: number) => new Uint8Array((512 - (size % 512)) % 512);

type LongNames = "gnu" | "pax" | "prefix";

/** A tar written the three ways tools store names longer than 100 bytes. */
function buildTar(files: Record<string, Uint8Array>, longNames: LongNames): Uint8Array {
  const parts: Uint8Array[] = [tarHeader("run/", 0, "5")];
  for (const [name, data] of Object.entries(files)) {
    if (name.length > 100 && longNames === "gnu") {
      const nameBytes = encoder.encode(`${name}\0`);
      parts.push(
        tarHeader("././@LongLink", nameBytes.length, "L"),
        nameBytes,
        pad(nameBytes.length),
        tarHeader(name.slice(0, 100), data.length, "0"),
      );
    } else if (name.length > 100 && longNames === "pax") {
      const body = ` path=${name}\n`;
      let length = body.length + 2;
      while (`${length}${body}`.length !== length) length += 1;
      const record = encoder.encode(`${length}${body}`);
      parts.push(
        tarHeader("PaxHeader/long", record.length, "x"),
        record,
        pad(record.length),
        tarHeader(name.slice(-100), data.length, "0"),
      );
    } else if (name.length > 100) {
      const slash = name.lastIndexOf("/");
      parts.push(tarHeader(name.slice(slash + 1), data.length, "0", name.slice(0, slash)));
    } else {
      parts.push(tarHeader(name, data.length, "0"));
    }
    parts.push(data, pad(data.length));
  }
  parts.push(new Uint8Array(1024));
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

async function* chunksOf(bytes: Uint8Array, size = 7000): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
}

async function inputError(promise: Promise<unknown>): Promise<BundleInputError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof BundleInputError) return error;
    throw error;
  }
  throw new Error("expected a BundleInputError");
}

const limitsOf = (maxDecompressedBytes: number): ReadLimits => ({ ...DEFAULT_READ_LIMITS, maxDecompressedBytes });

/** The events of a tau2 document gathered back into one document (streamed items into their list). */
async function documentOf(events: AsyncIterable<DocumentEvent>): Promise<Record<string, unknown>> {
  const document: Record<string, unknown> = {};
  const simulations: unknown[] = [];
  for await (const event of events) {
    if (event.kind === "item") simulations.push(event.value);
    else if (event.kind === "field") document[event.key] = event.key === "simulations" ? simulations : event.value;
  }
  return document;
}

/** Reads an archive with the reader its kind calls for: a zip by offset, a tar front to back in chunks. */
function readArchive(
  bytes: Uint8Array,
  limits: ReadLimits,
  options: { warnings?: string[]; createByteSpill?: () => ByteSpill } = {},
): Promise<Record<string, unknown>> {
  const warn = (warning: string) => options.warnings?.push(warning);
  const events = isZip(bytes)
    ? zipArchiveEvents(memoryBytes(bytes), limits, { warn })
    : tarArchiveEvents(chunksOf(bytes), limits, {
        warn,
        createByteSpill: options.createByteSpill ?? createMemoryByteSpill,
      });
  return documentOf(events);
}

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b;

describe("tau2 archives read as a stream of document events", () => {
  const real = writtenResults();
  const monolithic = { timestamp: real.timestamp, info: real.info, tasks: real.tasks, simulations: real.simulations };
  // Long enough that the tar must use its long-name mechanisms.
  const deepRoot = `exports/${"nested-folder-".repeat(5)}/grok-3-airline/`;

  it("rebuilds the monolithic document from a zip of a results directory inside a top folder", async () => {
    const zip = zipSync(dirFiles(real, "grok-3-airline/"));
    expect(isArchive(zip.subarray(0, 512))).toBe(true);
    await expect(readArchive(zip, limitsOf(50_000_000))).resolves.toEqual(monolithic);
  });

  it.each<LongNames>(["gnu", "pax", "prefix"])(
    "rebuilds it from a tar with long names stored the %s way",
    async (longNames) => {
      const tar = buildTar(dirFiles(real, deepRoot), longNames);
      expect(isArchive(tar.subarray(0, 512))).toBe(true);
      await expect(readArchive(tar, limitsOf(50_000_000))).resolves.toEqual(monolithic);
    },
  );

  it("converts to the same bundle as the monolithic file", async () => {
    const document = await readArchive(zipSync(dirFiles(real, "")), limitsOf(50_000_000));
    const fromArchive = tau2Importer.convert(document, { fileName: "run.zip" });
    const fromFile = tau2Importer.convert(monolithic, { fileName: "run.json" });
    expect(fromArchive).toEqual(fromFile);
  });

  it("ignores macOS resource forks and files beside the results", async () => {
    const files = {
      ...dirFiles(real, "r/"),
      "r/simulations/._x.json": new Uint8Array([0, 5, 22, 7]),
      "__MACOSX/r/._results.json": new Uint8Array([1]),
      "r/notes.txt": encoder.encode("hi"),
    };
    await expect(readArchive(zipSync(files), limitsOf(50_000_000))).resolves.toEqual(monolithic);
  });

  it("rejects an archive without results.json, naming what it found", async () => {
    const error = await inputError(readArchive(zipSync({ "out/a.json": encoder.encode("{}") }), limitsOf(1_000_000)));
    expect(error.issue.message).toMatch(/no results\.json.*out\/a\.json/);
  });

  it("rejects a member that is not JSON, with the member's name as the path", async () => {
    const files = { ...dirFiles(real, ""), "simulations/broken.json": encoder.encode("{not json") };
    const error = await inputError(readArchive(buildTar(files, "gnu"), limitsOf(50_000_000)));
    expect(error.issue.path).toBe("simulations/broken.json");
    expect(error.issue.message).toMatch(/invalid JSON/);
  });

  it("rejects a simulation listed in the index whose file is missing", async () => {
    const files = dirFiles(real, "");
    const first = real.simulations[0]?.id ?? "";
    delete files[`simulations/${first}.json`];
    const error = await inputError(readArchive(zipSync(files), limitsOf(50_000_000)));
    expect(error.issue.path).toBe(`simulations/${first}.json`);
  });

  it("rejects an archive whose results.json lists simulations it does not hold, instead of storing an empty run", async () => {
    const files = dirFiles(real, "run/");
    for (const name of Object.keys(files)) if (name.includes("/simulations/")) delete files[name];
    const error = await inputError(readArchive(zipSync(files), limitsOf(50_000_000)));
    expect(error.issue.path).toBe("run/results.json:simulation_index");
    expect(error.issue.message).toBe(
      `run/results.json lists ${real.simulations.length} simulations in simulation_index, but the archive holds none (no run/simulations/<id>.json files)`,
    );
  });

  it("reads non-ASCII PAX paths (données/results.json) exactly: PAX record lengths count bytes", async () => {
    const files = dirFiles(real, "données/");
    const parts: Uint8Array[] = [];
    for (const [name, data] of Object.entries(files)) {
      const body = ` path=${name}\n`;
      let length = encoder.encode(body).length + 2;
      while (encoder.encode(`${length}${body}`).length !== length) length += 1;
      const record = encoder.encode(`${length}${body}`);
      expect(record.length).toBe(length);
      // "é" is one character but two bytes: a reader that counted characters would cut the path short.
      expect(`${length}${body}`.length).toBeLessThan(length);
      parts.push(tarHeader("PaxHeader/x", record.length, "x"), record, pad(record.length));
      parts.push(tarHeader("fallback-name.json", data.length, "0"), data, pad(data.length));
    }
    parts.push(new Uint8Array(1024));
    const tar = Buffer.concat(parts);
    await expect(readArchive(tar, limitsOf(50_000_000))).resolves.toEqual(monolithic);
  });

  it("rejects archives whose JSON exceeds the decompressed size limit, naming the limit", async () => {
    await expect(readArchive(buildTar(dirFiles(real, ""), "gnu"), limitsOf(10_000))).rejects.toThrow(/10000/);
    await expect(readArchive(zipSync(dirFiles(real, "")), limitsOf(10_000))).rejects.toBeInstanceOf(
      DecompressedTooLargeError,
    );
  });

  it("refuses a zip member declaring more than the decompressed limit before inflating it", async () => {
    const results = encoder.encode(JSON.stringify(writtenResults()));
    const zip = zipOfDeflated([
      { name: "results.json", deflated: deflateRawSync(results), size: results.length },
      // Ten bytes that declare a GiB: inflating first would end in "holds 10 bytes", not at the limit.
      { name: "simulations/a.json", deflated: deflateRawSync(encoder.encode("[0,0,0,0]\n")), size: 1024 ** 3 },
    ]);
    await expect(readArchive(zip, limitsOf(50_000_000))).rejects.toBeInstanceOf(DecompressedTooLargeError);
  });

  it("reads simulation files in index order, then the rest by name, from a zip and from a tar in any member order", async () => {
    const files = dirFiles(real, "run/");
    const extra = { ...real.simulations[0], id: "zz-extra" };
    const shuffled: Record<string, Uint8Array> = {
      "run/simulations/zz-extra.json": encoder.encode(JSON.stringify(extra)),
    };
    // Simulations first, in reverse, results.json last: a tar reader sees them before it knows the order.
    for (const name of Object.keys(files).reverse()) shuffled[name] = files[name] as Uint8Array;
    const expected = [...real.simulations.map((simulation) => simulation.id), "zz-extra"];
    for (const archive of [zipSync(shuffled), buildTar(shuffled, "gnu")]) {
      const document = await readArchive(archive, limitsOf(50_000_000));
      expect((document.simulations as { id: string }[]).map((simulation) => simulation.id)).toEqual(expected);
    }
  });

  it("keeps a tar's parsed simulations in the byte spill it is given, and frees it at the end", async () => {
    const appended: number[] = [];
    let disposed = 0;
    const createByteSpill = (): ByteSpill => {
      const inner = createMemoryByteSpill();
      return {
        append: (chunk) => {
          appended.push(chunk.length);
          return inner.append(chunk);
        },
        finish: () => inner.finish(),
        dispose: () => {
          disposed += 1;
          return inner.dispose();
        },
      };
    };
    const tar = buildTar(dirFiles(real, "run/"), "gnu");
    await expect(readArchive(tar, limitsOf(50_000_000), { createByteSpill })).resolves.toEqual(monolithic);
    expect(appended).toHaveLength(real.simulations.length);
    expect(disposed).toBe(1);
  });

  it("parses a member larger than 1 MiB as a stream: the same value, and its whitespace costs no memory", async () => {
    const files = dirFiles(real, "");
    const first = real.simulations[0];
    if (!first) throw new Error("no simulation");
    const padded = `${" ".repeat(3 * 1024 * 1024)}${JSON.stringify(first, null, 2)}\n`;
    files[`simulations/${first.id}.json`] = encoder.encode(padded);
    for (const archive of [zipSync(files), buildTar(files, "pax")])
      await expect(readArchive(archive, limitsOf(50_000_000))).resolves.toEqual(monolithic);
  });

  it("refuses a large member of zeros at its first byte, naming the member, line and column", async () => {
    const files = { ...dirFiles(real, ""), "simulations/zeros.json": new Uint8Array(4 * 1024 * 1024) };
    for (const archive of [zipSync(files), buildTar(files, "gnu")]) {
      const error = await inputError(readArchive(archive, limitsOf(50_000_000)));
      expect(error.issue).toMatchObject({ path: "simulations/zeros.json", line: 1 });
      expect(error.issue.message).toMatch(/^invalid JSON in archive member simulations\/zeros\.json: .*column 1\)$/);
    }
  });

  it("names a member that is not valid UTF-8 in a warning, whole or streamed", async () => {
    const files = dirFiles(real, "");
    const [small, large] = real.simulations;
    if (!small || !large) throw new Error("too few simulations");
    const latin1 = (text: string) => Buffer.from(text.replace('"id"', '"caf\u00e9":1,"id"'), "latin1");
    files[`simulations/${small.id}.json`] = latin1(JSON.stringify(small));
    files[`simulations/${large.id}.json`] = latin1(`${JSON.stringify(large)}${" ".repeat(2 * 1024 * 1024)}`);
    const warnings: string[] = [];
    await readArchive(zipSync(files), limitsOf(50_000_000), { warnings });
    expect(warnings).toEqual([
      `simulations/${small.id}.json is not valid UTF-8; its invalid bytes were stored as U+FFFD (the replacement character)`,
      `simulations/${large.id}.json is not valid UTF-8; its invalid bytes were stored as U+FFFD (the replacement character)`,
    ]);
  });

  it("refuses a large member nested deeper than the limit, naming it", async () => {
    const files = dirFiles(real, "");
    const first = real.simulations[0];
    if (!first) throw new Error("no simulation");
    const depth = DEFAULT_READ_LIMITS.maxJsonDepth + 5;
    const deep = `{"deep":${"[".repeat(depth)}${"]".repeat(depth)}}${" ".repeat(2 * 1024 * 1024)}`;
    files[`simulations/${first.id}.json`] = encoder.encode(deep);
    const error = await inputError(readArchive(zipSync(files), limitsOf(50_000_000)));
    expect(error.issue.path).toBe(`simulations/${first.id}.json`);
    expect(error.issue.message).toMatch(/nested more than \d+ levels/);
  });

  it("refuses a member larger than one record may hold, naming it", async () => {
    const files = {
      ...dirFiles(real, ""),
      "simulations/huge.json": encoder.encode(`{"a": "${"z".repeat(3 * 1024 * 1024)}"}`),
    };
    const limits = { ...limitsOf(50_000_000), maxRecordBytes: 2 * 1024 * 1024 };
    for (const archive of [zipSync(files), buildTar(files, "gnu")]) {
      const error = await inputError(readArchive(archive, limits));
      expect(error.issue.path).toMatch(/^simulations\/huge\.json/);
      expect(error.issue.message).toMatch(/larger than 2097152 bytes, the most one record may hold/);
    }
  });

  it("holds a 64 MiB member of whitespace without gathering it (memory of one slice, not of the member)", async () => {
    const block = Buffer.alloc(1024 * 1024, " ");
    let peak = 0;
    const baseline = process.memoryUsage().arrayBuffers;
    async function* spaces(): AsyncGenerator<Uint8Array> {
      for (let index = 0; index < 64; index += 1) {
        peak = Math.max(peak, process.memoryUsage().arrayBuffers - baseline);
        yield block;
      }
      yield encoder.encode("{}");
    }
    await expect(
      parseMember("simulations/a.json", spaces(), { maxDepth: 10, maxBytes: 128 * 1024 * 1024, warn: () => {} }),
    ).resolves.toEqual({});
    // Gathered whole, the member alone would add 64 MiB of buffers.
    expect(peak).toBeLessThan(16 * 1024 * 1024);
  });

  it("rejects a corrupt tar", async () => {
    const tar = buildTar(dirFiles(real, ""), "gnu");
    tar[600] = 0x41;
    tar[150] = 0x39;
    const error = await inputError(readArchive(tar, limitsOf(50_000_000)));
    expect(error.issue.message).toMatch(/tar archive is corrupt/);
  });

  it("is read end to end from a .tar.gz upload", async () => {
    const gz = gzipSync(buildTar(dirFiles(real, deepRoot), "pax"));
    const issues = new IssueCollector();
    const opened = await openBundle(chunksOf(gz), issues, { fileName: "grok-3-airline.tar.gz" });
    expect(issues.issues).toEqual([]);
    expect(opened?.header.suite.name).toBe("tau2/airline");
    let trajectories = 0;
    for await (const record of opened?.records ?? []) if (record.kind === "trajectory") trajectories += 1;
    expect(issues.issues).toEqual([]);
    expect(trajectories).toBe(16);
  });
});
