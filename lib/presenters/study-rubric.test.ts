import { describe, expect, it } from "vitest";
import {
  buildOptionShortcuts,
  judgeLabelsOf,
  makeDefaultRubric,
  parseExtraDimensions,
  RubricSchema,
} from "./study-rubric";

describe("study rubric", () => {
  it("gives the default rubric keys 1-7 and never a key the page uses for commands", () => {
    const shortcuts = buildOptionShortcuts(makeDefaultRubric());
    expect(shortcuts.map((s) => `${s.key}=${s.dimension}:${s.value}`)).toEqual([
      "1=goal_completion:completed",
      "2=goal_completion:not_completed_agent",
      "3=goal_completion:not_completed_user",
      "4=tool_hallucination:yes",
      "5=tool_hallucination:no",
      "6=user_hallucination:yes",
      "7=user_hallucination:no",
    ]);
    const many = {
      dimensions: Array.from({ length: 10 }, (_, i) => ({
        kind: "categorical" as const,
        key: `d${i}`,
        label: `d${i}`,
        options: [
          { value: "a", label: "a" },
          { value: "b", label: "b" },
          { value: "c", label: "c" },
        ],
        judge: null,
      })),
      errorTags: false,
    };
    const keys = buildOptionShortcuts(many).map((s) => s.key);
    for (const reserved of ["e", "n", "p", "s", "f", "c"]) expect(keys).not.toContain(reserved);
  });

  it("maps judge columns to rubric labels; a failure without a user/agent source has no goal label", () => {
    expect(
      judgeLabelsOf({
        judgeGoalCompleted: false,
        judgeErrorSource: "user",
        judgeToolHallucination: true,
        judgeUserHallucination: null,
      }),
    ).toEqual({ goal_completion: "not_completed_user", tool_hallucination: "yes", user_hallucination: null });
    expect(
      judgeLabelsOf({
        judgeGoalCompleted: false,
        judgeErrorSource: "none",
        judgeToolHallucination: false,
        judgeUserHallucination: false,
      }).goal_completion,
    ).toBeNull();
    expect(
      judgeLabelsOf({
        judgeGoalCompleted: true,
        judgeErrorSource: null,
        judgeToolHallucination: null,
        judgeUserHallucination: null,
      }).goal_completion,
    ).toBe("completed");
  });

  it("parses extra dimensions with line-numbered problems and refuses duplicate keys", () => {
    const parsed = parseExtraDimensions("policy_violation: yes/no\n\ntone: polite | neutral | rude\nBad Key: a | b");
    expect(parsed.dimensions.map((d) => d.key)).toEqual(["policy_violation", "tone"]);
    expect(parsed.issues).toHaveLength(1);
    expect(parsed.issues[0]).toMatch(/^line 4:/);
    const rubric = makeDefaultRubric();
    expect(
      RubricSchema.safeParse({ ...rubric, dimensions: [...rubric.dimensions, rubric.dimensions[0]] }).success,
    ).toBe(false);
  });
});
