import { describe, expect, it } from "vitest";
import { strToU8, strFromU8, zipSync } from "fflate";
import { BundleInputError } from "../issues";
import { listZipEntries, readZipEntry } from "./inspect-zip";

describe("inspect-zip: one member at a time", () => {
  const files = {
    "header.json": strToU8('{"version":2}'),
    "samples/1_epoch_1.json": strToU8(JSON.stringify({ id: 1, text: "y".repeat(5000) })),
  };

  it("lists members from the central directory and inflates each on its own (deflate and stored)", () => {
    for (const level of [0, 6] as const) {
      const zip = zipSync(files, { level });
      const entries = listZipEntries(zip);
      expect(entries.map((entry) => [entry.name, entry.method, entry.size])).toEqual([
        ["header.json", level === 0 ? 0 : 8, 13],
        ["samples/1_epoch_1.json", level === 0 ? 0 : 8, files["samples/1_epoch_1.json"].length],
      ]);
      const sample = entries[1];
      if (!sample) throw new Error("missing entry");
      expect(JSON.parse(strFromU8(readZipEntry(zip, sample))).text).toHaveLength(5000);
    }
  });

  it("reports a zip cut short as corrupt", () => {
    const zip = zipSync(files);
    expect(() => listZipEntries(zip.subarray(0, zip.length - 30))).toThrow(BundleInputError);
    const entries = listZipEntries(zip);
    const sample = entries[1];
    if (!sample) throw new Error("missing entry");
    // A member that claims more bytes than the archive holds.
    expect(() => readZipEntry(zip.subarray(0, sample.localHeaderOffset + 40), sample)).toThrow(/truncated/);
  });
});
