import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./passwords";

describe("password hashing", () => {
  it("verifies the right password and rejects a wrong one, never storing it in clear", async () => {
    const encoded = await hashPassword("correct horse battery");
    expect(encoded).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(encoded).not.toContain("correct horse");
    expect(await verifyPassword("correct horse battery", encoded)).toBe(true);
    expect(await verifyPassword("correct horse batterY", encoded)).toBe(false);
  });

  it("salts every hash and rejects malformed encodings", async () => {
    expect(await hashPassword("same password!")).not.toBe(await hashPassword("same password!"));
    expect(await verifyPassword("x", "md5$abc")).toBe(false);
  });
});
