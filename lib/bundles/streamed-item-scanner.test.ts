import { describe, expect, it } from "vitest";
import { StreamedItemScanner, type ScannedItem } from "./streamed-item-scanner";

interface Scanned {
  outer: string;
  items: { array: string; index: number; text: string; deepest: number; start: number }[];
}

/** Runs the scanner over `text` cut into chunks of `size` bytes and collects what it hands out. */
function scan(text: string, size: number): Scanned {
  const bytes = new TextEncoder().encode(text);
  const decoder = new TextDecoder();
  const outer: Uint8Array[] = [];
  const items: Scanned["items"] = [];
  let start = -1;
  const scanner = new StreamedItemScanner({
    outer: (part) => outer.push(Uint8Array.from(part)),
    itemStart: (_array, _index, offset) => {
      start = offset;
    },
    itemGrew: () => {},
    itemTooDeep: () => {
      throw new Error("too deep");
    },
    item: (item: ScannedItem) =>
      items.push({
        array: item.array,
        index: item.index,
        text: decoder.decode(Buffer.concat(item.parts)),
        deepest: item.deepest,
        start,
      }),
  });
  for (let at = 0; at < bytes.length; at += size) scanner.write(bytes.subarray(at, at + size), at);
  return { outer: decoder.decode(Buffer.concat(outer)), items };
}

const SIZES = [1, 2, 3, 5, 8, 13, 64, 4096];

describe("StreamedItemScanner", () => {
  it("cuts out each item of the streamed arrays whole, whatever the chunking, and passes the rest on", () => {
    const text =
      '{"info": {"simulations": [1, 2], "s": "]\\"["}, "simulations": [{"id": 1, "m": "a \\"}\\" b\\\\"},' +
      ' {"id": "é", "x": [[1], {"y": "[{"}]}], "tasks": [{"not": "streamed"}], "trajectories": [7, "t", null, true]}';
    for (const size of SIZES) {
      const scanned = scan(text, size);
      expect(scanned.items.map(({ array, index, text: item }) => [array, index, item])).toEqual([
        ["simulations", 0, '{"id": 1, "m": "a \\"}\\" b\\\\"}'],
        ["simulations", 1, '{"id": "é", "x": [[1], {"y": "[{"}]}'],
        ["trajectories", 0, "7"],
        ["trajectories", 1, '"t"'],
        ["trajectories", 2, "null"],
        ["trajectories", 3, "true"],
      ]);
      // The tokenizer sees everything else: the header field named like a streamed array is not streamed.
      expect(scanned.outer).toBe(
        '{"info": {"simulations": [1, 2], "s": "]\\"["}, "simulations": [, ], "tasks": [{"not": "streamed"}], "trajectories": [, , , ]}',
      );
      for (const item of scanned.items) expect(() => JSON.parse(item.text) as unknown).not.toThrow();
    }
  });

  it("reads the items of a top-level list and names where each starts", () => {
    const text = '[\n {"a": 1},\n [2, [3]],\n "x"\n]';
    for (const size of SIZES) {
      expect(scan(text, size).items).toEqual([
        { array: "", index: 0, text: '{"a": 1}', deepest: 1, start: 3 },
        { array: "", index: 1, text: "[2, [3]]", deepest: 2, start: 14 },
        { array: "", index: 2, text: '"x"', deepest: 0, start: 25 },
      ]);
    }
  });

  it("finds a streamed array whose key is written with escapes, and keeps a backslash split from its quote", () => {
    const text = '{"simul\\u0061tions": [{"q": "\\\\"}, {"q": "\\"\\\\\\""}]}';
    for (const size of SIZES) {
      expect(scan(text, size).items.map((item) => JSON.parse(item.text) as unknown)).toEqual([
        { q: "\\" },
        { q: '"\\"' },
      ]);
    }
  });

  it("ends an item at a closing bracket that does not match, so the parser can name the error", () => {
    const { items, outer } = scan('{"simulations": [{"a": [1}, {"b": 2}]}', 4);
    expect(items.map((item) => item.text)).toEqual(['{"a": [1}', '{"b": 2}']);
    expect(outer).toBe('{"simulations": [, ]}');
  });

  it("counts how deep an item nests", () => {
    const { items } = scan('{"trajectories": [{"a": [[{}]]}, 1]}', 7);
    expect(items.map((item) => item.deepest)).toEqual([4, 0]);
  });

  it("refuses an item at the first byte that nests deeper than the document allows, before keeping it", () => {
    const refused: number[] = [];
    let kept = 0;
    const scanner = new StreamedItemScanner(
      {
        outer: () => {},
        itemStart: () => {},
        itemGrew: (bytes) => {
          kept = bytes;
        },
        item: () => {},
        itemTooDeep: (offset) => {
          refused.push(offset);
          throw new Error("too deep");
        },
      },
      5,
    );
    // `{"trajectories": ` is 17 bytes; the array is depth 2, so the item's fourth bracket (depth 6) is too deep.
    const text = new TextEncoder().encode(`{"trajectories": [${"[".repeat(1000)}`);
    expect(() => scanner.write(text, 0)).toThrow("too deep");
    expect(refused).toEqual([17 + 1 + 3]);
    expect(kept).toBe(0);
  });
});
