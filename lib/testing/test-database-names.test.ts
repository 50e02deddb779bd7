import { describe, expect, it } from "vitest";
import { testDatabaseNames } from "./test-database-names";

describe("testDatabaseNames", () => {
  it("derives the template and per-file names from the test database's name", () => {
    const names = testDatabaseNames("ls37_test");
    expect(names.template).toBe("ls37_template_test");
    expect(names.fileDatabase(4242, "a1b2c3")).toBe("ls37_r4242fa1b2c3_test");
  });

  it("recognises its own per-file databases and no one else's", () => {
    const names = testDatabaseNames("ls37_test");
    expect(names.runOf("ls37_r4242fa1b2c3_test")).toBe(4242);
    expect(names.runOf("ls37_template_test")).toBeNull();
    expect(names.runOf("ls37_test")).toBeNull();
    expect(names.runOf("ls37x_r4242fa1b2c3_test")).toBeNull();
    expect(names.runOf("other_r4242fa1b2c3_test")).toBeNull();
  });

  it("refuses a database not named *_test", () => {
    expect(() => testDatabaseNames("loopscope")).toThrow(/must be .* end in _test/);
  });
});
