import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { isCompressed } from "./upload-store";

describe("which uploads the store gzips", () => {
  it("leaves gzip, zip (.eval), bzip2, xz and zstd as they are", () => {
    const heads = [
      gzipSync("{}"),
      Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14]),
      Uint8Array.from([0x42, 0x5a, 0x68, 0x39]),
      Uint8Array.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]),
      Uint8Array.from([0x28, 0xb5, 0x2f, 0xfd]),
    ];
    expect(heads.map((head) => isCompressed(head))).toEqual([true, true, true, true, true]);
  });

  it("gzips JSON, JSONL, tar and an empty body", () => {
    const heads = ['{"schemaVersion"', '{"type":"header"}\n', "bundle.json\u0000\u0000\u0000", ""].map((text) =>
      new TextEncoder().encode(text),
    );
    expect(heads.map((head) => isCompressed(head))).toEqual([false, false, false, false]);
  });
});
