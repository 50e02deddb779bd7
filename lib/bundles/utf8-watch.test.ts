import { describe, expect, it } from "vitest";
import { Utf8Watch, repairUtf8 } from "./utf8-watch";

async function* chunks(...parts: number[][]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield Uint8Array.from(part);
}

async function gathered(source: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of source) parts.push(part);
  return Buffer.concat(parts);
}

// "é" is C3 A9, "€" is E2 82 AC; FF is never UTF-8.
const E_ACUTE = [0xc3, 0xa9];
const EURO = [0xe2, 0x82, 0xac];

describe("repairUtf8", () => {
  it("passes valid text through unchanged, even when a character is cut between two chunks", async () => {
    let reports = 0;
    const out = await gathered(
      repairUtf8(chunks([0x61, E_ACUTE[0]!], [E_ACUTE[1]!, EURO[0]!, EURO[1]!], [EURO[2]!]), () => (reports += 1)),
    );
    expect(out.toString("utf8")).toBe("aé€");
    expect(reports).toBe(0);
  });

  it("replaces invalid bytes by U+FFFD from the first one on, and reports once", async () => {
    let reports = 0;
    const out = await gathered(repairUtf8(chunks([0x61, 0xff], [0x62, 0xfe], E_ACUTE), () => (reports += 1)));
    expect(out.toString("utf8")).toBe("a\uFFFDb\uFFFDé");
    expect(reports).toBe(1);
  });

  it("replaces a sequence still cut short at the end", async () => {
    let reports = 0;
    const out = await gathered(repairUtf8(chunks([0x61, EURO[0]!, EURO[1]!]), () => (reports += 1)));
    expect(out.toString("utf8")).toBe("a\uFFFD");
    expect(reports).toBe(1);
  });
});

describe("Utf8Watch", () => {
  it("says nothing of valid text cut between chunks, and names the block of the first invalid bytes", async () => {
    const valid: string[] = [];
    const clean = new Utf8Watch();
    clean.reportTo((warning) => valid.push(warning));
    await gathered(clean.watch(chunks([0x61, EURO[0]!], [EURO[1]!, EURO[2]!])));
    expect(valid).toEqual([]);

    const warnings: string[] = [];
    const dirty = new Utf8Watch();
    dirty.reportTo((warning) => warnings.push(warning));
    const out = await gathered(dirty.watch(chunks([0x61, 0x62], [0x63, 0xff], [0x64])));
    expect([...out]).toEqual([0x61, 0x62, 0x63, 0xff, 0x64]);
    expect(warnings).toEqual([expect.stringContaining("read from byte 2 of the decompressed text")]);
  });

  it("counts a sequence cut short at the end as invalid", async () => {
    const warnings: string[] = [];
    const watch = new Utf8Watch();
    watch.reportTo((warning) => warnings.push(warning));
    await gathered(watch.watch(chunks([0x61, E_ACUTE[0]!])));
    expect(warnings).toHaveLength(1);
  });
});
