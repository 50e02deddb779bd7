import { deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { strToU8, strFromU8, zipSync } from "fflate";
import { BundleInputError } from "../issues";
import { memoryBytes } from "../byte-spill";
import { listZipEntries, readZipEntry, TooManyMembersError } from "./inspect-zip";
import { zipOfDeflated } from "@/lib/testing/hand-zip";

const files = {
  "header.json": strToU8('{"version":2}'),
  "samples/1_epoch_1.json": strToU8(JSON.stringify({ id: 1, text: "y".repeat(5000) })),
};
const limits = { maxEntries: 100 };

/** Rewrites the uncompressed size the central directory declares for member `index`: a zip that lies. */
/** A copy whose member `index` declares `size` in its central directory entry and, unless told, in its local header. */
function withDeclaredSize(zip: Uint8Array, index: number, size: number, { local = true } = {}): Uint8Array {
  const copy = zip.slice();
  const view = new DataView(copy.buffer);
  const eocd = copy.length - 22;
  let at = view.getUint32(eocd + 16, true);
  for (let skipped = 0; skipped < index; skipped += 1)
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  view.setUint32(at + 24, size, true);
  if (local) view.setUint32(view.getUint32(at + 42, true) + 22, size, true);
  return copy;
}

describe("inspect-zip: members read by offset, one at a time", () => {
  it("lists members from the central directory and inflates each on its own (deflate and stored)", async () => {
    for (const level of [0, 6] as const) {
      const zip = memoryBytes(zipSync(files, { level }));
      const entries = await listZipEntries(zip, limits);
      expect(entries.map((entry) => [entry.name, entry.method, entry.size])).toEqual([
        ["header.json", level === 0 ? 0 : 8, 13],
        ["samples/1_epoch_1.json", level === 0 ? 0 : 8, files["samples/1_epoch_1.json"].length],
      ]);
      const sample = entries[1];
      if (!sample) throw new Error("missing entry");
      let counted = 0;
      const text = strFromU8(await readZipEntry(zip, sample, { onInflated: (bytes) => (counted += bytes) }));
      expect(JSON.parse(text).text).toHaveLength(5000);
      expect(counted).toBe(sample.size);
    }
  });

  it("reads only the ranges it needs: the directory and the one member asked for", async () => {
    const zip = zipSync(files, { level: 6 });
    const reads: [number, number][] = [];
    const source = {
      size: zip.length,
      read: async (offset: number, length: number) => {
        reads.push([offset, length]);
        return zip.subarray(offset, offset + length);
      },
    };
    const entries = await listZipEntries(source, limits);
    const header = entries[0];
    if (!header) throw new Error("missing entry");
    reads.length = 0;
    await readZipEntry(source, header);
    const sampleOffset = entries[1]?.localHeaderOffset ?? 0;
    expect(reads.every(([offset, length]) => offset + length <= sampleOffset)).toBe(true);
  });

  it("refuses a member that inflates past, or short of, the size its directory entry declares", async () => {
    const zip = zipSync(files, { level: 6 });
    for (const [size, pattern] of [
      [100, /inflates past the 100 bytes its directory entry declares/],
      [files["samples/1_epoch_1.json"].length + 10, /inflated to \d+ bytes, but its directory entry declares/],
    ] as const) {
      const lying = memoryBytes(withDeclaredSize(zip, 1, size));
      const entries = await listZipEntries(lying, limits);
      const sample = entries[1];
      if (!sample) throw new Error("missing entry");
      const error = await readZipEntry(lying, sample).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BundleInputError);
      expect((error as BundleInputError).issue.path).toBe("samples/1_epoch_1.json");
      expect((error as BundleInputError).issue.message).toMatch(pattern);
    }
  });

  it("refuses a member whose local header and central directory entry declare different sizes", async () => {
    const lying = memoryBytes(withDeclaredSize(zipSync(files, { level: 6 }), 1, 100, { local: false }));
    const sample = (await listZipEntries(lying, limits))[1];
    if (!sample) throw new Error("missing entry");
    const error = await readZipEntry(lying, sample).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BundleInputError);
    expect((error as BundleInputError).issue).toMatchObject({
      path: "samples/1_epoch_1.json",
      message: expect.stringMatching(/declares \d+ bytes in its local header but 100 in the central directory/),
    });
  });

  it("stops inflating when the caller's budget says so (decompressed-size limit, time, disconnect)", async () => {
    // 48 MiB of zeros deflate to about 48 KB: inflated in slices, the budget is asked long before the end.
    // Deflated by zlib, not fflate's JavaScript deflate, which took over 5 s on a busy machine.
    const size = 48 * 1024 * 1024;
    const deflated = deflateRawSync(new Uint8Array(size), { level: 9 });
    const zip = memoryBytes(zipOfDeflated([{ name: "big.json", deflated, size }]));
    const [entry] = await listZipEntries(zip, limits);
    if (!entry) throw new Error("missing entry");
    let seen = 0;
    const stop = new Error("over budget");
    const onInflated = (bytes: number) => {
      seen += bytes;
      if (seen > 1024 * 1024) throw stop;
    };
    await expect(readZipEntry(zip, entry, { onInflated })).rejects.toBe(stop);
    expect(seen).toBeLessThan(entry.size / 2);
  });

  it("refuses more members than allowed, and reports a zip cut short as corrupt", async () => {
    const zip = zipSync(files);
    await expect(listZipEntries(memoryBytes(zip), { maxEntries: 1 })).rejects.toBeInstanceOf(TooManyMembersError);
    await expect(listZipEntries(memoryBytes(zip.subarray(0, zip.length - 30)), limits)).rejects.toBeInstanceOf(
      BundleInputError,
    );
    const entries = await listZipEntries(memoryBytes(zip), limits);
    const sample = entries[1];
    if (!sample) throw new Error("missing entry");
    // A member that claims more bytes than the archive holds.
    await expect(readZipEntry(memoryBytes(zip.subarray(0, sample.localHeaderOffset + 40)), sample)).rejects.toThrow(
      /truncated|past the end/,
    );
  });
});
