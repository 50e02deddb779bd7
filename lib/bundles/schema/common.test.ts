import { describe, expect, it } from "vitest";
import { JsonObjectSchema, JsonValueSchema } from "./common";

describe("JsonValueSchema", () => {
  it("accepts any JSON value and gives it back as it is, with own __proto__ keys kept", () => {
    const value = JSON.parse('{"a":[1,"x",true,null,{"b":{"c":[]}}],"__proto__":{"d":2.5}}') as unknown;
    const parsed = JsonValueSchema.safeParse(value);
    expect(parsed.success && parsed.data).toBe(value);
    expect(Object.keys(value as object)).toEqual(["a", "__proto__"]);
    for (const scalar of ["", 0, -1.5e300, false, null]) expect(JsonValueSchema.safeParse(scalar).success).toBe(true);
  });

  it("refuses what JSON cannot hold, at the path where it is", () => {
    const cases: [unknown, (string | number)[], string][] = [
      [{ a: [1, { b: undefined }] }, ["a", 1, "b"], "undefined"],
      [[0, Number.NaN], [1], "NaN"],
      [{ x: { y: Number.POSITIVE_INFINITY } }, ["x", "y"], "Infinity"],
      [{ f: () => 1 }, ["f"], "function"],
      [10n, [], "bigint"],
    ];
    for (const [value, path, found] of cases) {
      const parsed = JsonValueSchema.safeParse(value);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues).toEqual([
        expect.objectContaining({ path, message: `Invalid input: expected a JSON value, received ${found}` }),
      ]);
    }
  });

  it("prefixes the path of an object's member (JsonObjectSchema)", () => {
    const parsed = JsonObjectSchema.safeParse({ state: { orders: [{ id: 1 }, { id: Number.NaN }] } });
    expect(parsed.error?.issues.map((issue) => issue.path)).toEqual([["state", "orders", 1, "id"]]);
    expect(JsonObjectSchema.safeParse([1]).success).toBe(false);
  });
});
