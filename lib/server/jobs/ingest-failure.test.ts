import { describe, expect, it } from "vitest";
import { atTrajectory, isDataError, storableText } from "./ingest-failure";

function pgError(code: string, message = "refused"): Error {
  return Object.assign(new Error(message), { code });
}

describe("isDataError", () => {
  it.each([
    ["invalid text for jsonb (22P02)", pgError("22P02", "invalid input syntax for type json")],
    ["NUL in jsonb (22P05)", pgError("22P05", "unsupported Unicode escape sequence")],
    ["numeric out of range (22003)", pgError("22003")],
    ["program limit exceeded (54000)", pgError("54000", "index row size exceeds maximum")],
    ["too many columns (54011)", pgError("54011")],
    [
      "Prisma raw query P2010 with the SQLSTATE in meta",
      Object.assign(new Error("x"), { code: "P2010", meta: { code: "22021" } }),
    ],
    [
      "Prisma's driver adapter error",
      Object.assign(new Error("x"), {
        code: "P2034",
        meta: { driverAdapterError: { cause: { originalCode: "22P05" } } },
      }),
    ],
    ["Prisma's JSON encoder on a lone surrogate", new Error("JSON Error: lone leading surrogate in hex escape")],
    [
      "Prisma's JSON encoder on a cut escape",
      new Error(
        "\nInvalid `prisma.upload.update()` invocation:\n\n\nJSON Error: unexpected end of hex escape at line 1 column 398",
      ),
    ],
    ["JSON.parse", new SyntaxError("Unexpected token ] in JSON at position 4")],
    ["a string too long for V8", new RangeError("Invalid string length")],
    ["recursion a value caused", new RangeError("Maximum call stack size exceeded")],
    ["broken gzip", Object.assign(new Error("incorrect header check"), { code: "Z_DATA_ERROR" })],
    ["a data error as the cause of a wrapper", new Error("ingest failed", { cause: pgError("22P05") })],
  ])("%s is the input's fault", (_name, error) => {
    expect(isDataError(error)).toBe(true);
  });

  it.each([
    ["connection failure (08006)", pgError("08006", "connection failure")],
    ["admin shutdown (57P01)", pgError("57P01", "terminating connection due to administrator command")],
    ["deadlock (40P01)", pgError("40P01")],
    ["out of shared memory (53200)", pgError("53200", "out of shared memory")],
    ["refused connection", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })],
    ["a Prisma code that is not a SQLSTATE", Object.assign(new Error("Transaction already closed"), { code: "P2028" })],
    ["a bare Error", new Error("Connection terminated unexpectedly")],
    ["not an error at all", "worker stopping"],
  ])("%s is retried (infrastructure)", (_name, error) => {
    expect(isDataError(error)).toBe(false);
  });

  it("a cycle of causes ends the walk", () => {
    const first = new Error("a");
    const second = new Error("b", { cause: first });
    Object.assign(first, { cause: second });
    expect(isDataError(first)).toBe(false);
  });
});

describe("storableText", () => {
  it("replaces NUL and lone surrogates, keeps pairs", () => {
    expect(storableText("a\u0000b\ud800c\udc00d😀")).toBe("a\ufffdb\ufffdc\ufffdd😀");
  });

  it("cuts an overlong message without splitting a pair", () => {
    const text = `${"x".repeat(9)}😀tail`;
    expect(storableText(text, 10)).toBe(`${"x".repeat(9)}…`);
    expect(storableText("short", 10)).toBe("short");
  });
});

describe("atTrajectory", () => {
  it("names the 1-based trajectory after those done", () => {
    expect(atTrajectory(0)).toBe("at trajectory 1");
    expect(atTrajectory(12_344)).toBe("at trajectory 12,345");
  });
});
