import { describe, expect, it } from "vitest";
import { compareNatural } from "./natural-order";

describe("compareNatural", () => {
  it("puts 2 before 10 and keeps a total order", () => {
    expect(["10", "2", "1", "task_10", "task_9", "Task_9", "[a]x"].sort(compareNatural)).toEqual([
      "[a]x",
      "1",
      "2",
      "10",
      "Task_9",
      "task_9",
      "task_10",
    ]);
  });
});
