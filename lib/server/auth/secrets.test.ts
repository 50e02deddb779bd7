import { describe, expect, it } from "vitest";
import { SESSION_COOKIE, readBearer, readCookie } from "./secrets";

describe("readCookie", () => {
  it("finds the named cookie among others, trimmed and percent-decoded", () => {
    const header = `theme=dark;  ${SESSION_COOKIE}=a%20b%3Dc ; other=1`;
    expect(readCookie(header, SESSION_COOKIE)).toBe("a b=c");
    expect(readCookie(header, "other")).toBe("1");
  });

  it("keeps an equals sign inside the value", () => {
    expect(readCookie(`${SESSION_COOKIE}=abc==`, SESSION_COOKIE)).toBe("abc==");
  });

  it("answers null for a missing cookie, an empty header or a name that only ends with the name", () => {
    expect(readCookie(null, SESSION_COOKIE)).toBeNull();
    expect(readCookie("", SESSION_COOKIE)).toBeNull();
    expect(readCookie(`x${SESSION_COOKIE}=abc`, SESSION_COOKIE)).toBeNull();
    expect(readCookie("no pairs at all", SESSION_COOKIE)).toBeNull();
  });

  it("drops a cookie whose percent-escape is malformed instead of throwing", () => {
    expect(readCookie(`${SESSION_COOKIE}=%E0%A4%A`, SESSION_COOKIE)).toBeNull();
    expect(readCookie(`${SESSION_COOKIE}=%E0%A4%A; other=ok`, "other")).toBe("ok");
  });

  it("takes the first of two cookies with the same name", () => {
    expect(readCookie(`${SESSION_COOKIE}=first; ${SESSION_COOKIE}=second`, SESSION_COOKIE)).toBe("first");
  });
});

describe("readBearer", () => {
  it("reads a bearer token and ignores other schemes", () => {
    expect(readBearer("Bearer lsk_abc")).toBe("lsk_abc");
    expect(readBearer("Basic dXNlcjpwYXNz")).toBeNull();
    expect(readBearer(null)).toBeNull();
  });
});
