import { deflateRawSync, gzipSync } from "node:zlib";
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { BundleInputError, IssueCollector } from "../issues";
import { openBundle } from "../read-bundle";
import { DEFAULT_READ_LIMITS, DecompressedTooLargeError, type ReadLimits } from "../read-limits";
import { isArchive, readArchiveDocument } from "./archive";
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

describe("readArchiveDocument", () => {
  const real = writtenResults();
  const monolithic = { timestamp: real.timestamp, info: real.info, tasks: real.tasks, simulations: real.simulations };
  // Long enough that the tar must use its long-name mechanisms.
  const deepRoot = `exports/${"nested-folder-".repeat(5)}/grok-3-airline/`;

  it("rebuilds the monolithic document from a zip of a results directory inside a top folder", async () => {
    const zip = zipSync(dirFiles(real, "grok-3-airline/"));
    expect(isArchive(zip.subarray(0, 512))).toBe(true);
    await expect(readArchiveDocument(chunksOf(zip), limitsOf(50_000_000))).resolves.toEqual(monolithic);
  });

  it.each<LongNames>(["gnu", "pax", "prefix"])(
    "rebuilds it from a tar with long names stored the %s way",
    async (longNames) => {
      const tar = buildTar(dirFiles(real, deepRoot), longNames);
      expect(isArchive(tar.subarray(0, 512))).toBe(true);
      await expect(readArchiveDocument(chunksOf(tar), limitsOf(50_000_000))).resolves.toEqual(monolithic);
    },
  );

  it("converts to the same bundle as the monolithic file", async () => {
    const document = await readArchiveDocument(chunksOf(zipSync(dirFiles(real, ""))), limitsOf(50_000_000));
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
    await expect(readArchiveDocument(chunksOf(zipSync(files)), limitsOf(50_000_000))).resolves.toEqual(monolithic);
  });

  it("rejects an archive without results.json, naming what it found", async () => {
    const error = await inputError(
      readArchiveDocument(chunksOf(zipSync({ "out/a.json": encoder.encode("{}") })), limitsOf(1_000_000)),
    );
    expect(error.issue.message).toMatch(/no results\.json.*out\/a\.json/);
  });

  it("rejects a member that is not JSON, with the member's name as the path", async () => {
    const files = { ...dirFiles(real, ""), "simulations/broken.json": encoder.encode("{not json") };
    const error = await inputError(readArchiveDocument(chunksOf(buildTar(files, "gnu")), limitsOf(50_000_000)));
    expect(error.issue.path).toBe("simulations/broken.json");
    expect(error.issue.message).toMatch(/invalid JSON/);
  });

  it("rejects a simulation listed in the index whose file is missing", async () => {
    const files = dirFiles(real, "");
    const first = real.simulations[0]?.id ?? "";
    delete files[`simulations/${first}.json`];
    const error = await inputError(readArchiveDocument(chunksOf(zipSync(files)), limitsOf(50_000_000)));
    expect(error.issue.path).toBe(`simulations/${first}.json`);
  });

  it("rejects an archive whose results.json lists simulations it does not hold, instead of storing an empty run", async () => {
    const files = dirFiles(real, "run/");
    for (const name of Object.keys(files)) if (name.includes("/simulations/")) delete files[name];
    const error = await inputError(readArchiveDocument(chunksOf(zipSync(files)), limitsOf(50_000_000)));
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
    await expect(readArchiveDocument(chunksOf(tar), limitsOf(50_000_000))).resolves.toEqual(monolithic);
  });

  it("rejects archives whose JSON exceeds the decompressed size limit, naming the limit", async () => {
    await expect(readArchiveDocument(chunksOf(buildTar(dirFiles(real, ""), "gnu")), limitsOf(10_000))).rejects.toThrow(
      /10000/,
    );
    await expect(readArchiveDocument(chunksOf(zipSync(dirFiles(real, ""))), limitsOf(10_000))).rejects.toBeInstanceOf(
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
    await expect(readArchiveDocument(chunksOf(zip), limitsOf(50_000_000))).rejects.toBeInstanceOf(
      DecompressedTooLargeError,
    );
  });

  it("reads a zip member of known size pushed in slices, however large the chunks", async () => {
    const results = writtenResults();
    const files = dirFiles(results, "");
    const zip = zipSync(files);
    const document = (await readArchiveDocument(chunksOf(zip, zip.length), limitsOf(50_000_000))) as Tau2Results;
    expect(document.simulations).toHaveLength(results.simulations.length);
  });

  it("rejects a corrupt tar", async () => {
    const tar = buildTar(dirFiles(real, ""), "gnu");
    tar[600] = 0x41;
    tar[150] = 0x39;
    const error = await inputError(readArchiveDocument(chunksOf(tar), limitsOf(50_000_000)));
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
