import { describe, expect, it } from "vitest";
import { StorableTimestamp } from "./timestamp";

describe("StorableTimestamp", () => {
  it("accepts instants with offsets up to ±14:00 and Z", () => {
    for (const value of [
      "2025-08-10T02:44:11Z",
      "2025-08-10T02:44:11.5+14:00",
      "2025-08-10T02:44:11-14:00",
      "2025-08-10T02:44:11+05:30",
    ]) {
      expect(StorableTimestamp.safeParse(value).success, value).toBe(true);
    }
  });

  it("refuses offsets PostgreSQL cannot store, year 0000 and local times", () => {
    const messages = (value: string) =>
      StorableTimestamp.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages("2025-08-10T02:44:11+16:00")).toEqual(["the UTC offset must lie within -14:00 and +14:00"]);
    expect(messages("2025-08-10T02:44:11-14:01")).toEqual(["the UTC offset must lie within -14:00 and +14:00"]);
    expect(messages("0000-01-01T00:00:00Z")).toEqual(["year 0000 does not exist"]);
    expect(messages("2025-08-10T02:44:11")).toHaveLength(1);
  });
});
