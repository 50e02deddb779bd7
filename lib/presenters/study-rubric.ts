import { z } from "zod";

/** Judge fields a dimension can be compared with (see judgeLabelsOf). */
export const JUDGE_SOURCES = ["goal_completion", "tool_hallucination", "user_hallucination"] as const;
export type JudgeSource = (typeof JUDGE_SOURCES)[number];

const KeySchema = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, "lowercase letters, digits and _ (start with a letter)");

export const OptionSchema = z.object({ value: KeySchema, label: z.string().min(1).max(80) });

export const DimensionSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("categorical"),
    key: KeySchema,
    label: z.string().min(1).max(80),
    options: z.array(OptionSchema).min(2).max(8),
    judge: z.enum(JUDGE_SOURCES).nullable().default(null),
  }),
  z.object({ kind: z.literal("text"), key: KeySchema, label: z.string().min(1).max(80) }),
]);
export type Dimension = z.infer<typeof DimensionSchema>;
export type CategoricalDimension = Extract<Dimension, { kind: "categorical" }>;

export const RubricSchema = z
  .object({ dimensions: z.array(DimensionSchema).min(1).max(12), errorTags: z.boolean() })
  .refine(
    (rubric) => new Set(rubric.dimensions.map((d) => d.key)).size === rubric.dimensions.length,
    "dimension keys must be unique",
  )
  .refine((rubric) => rubric.dimensions.every((d) => d.key !== ERROR_TAGS_KEY), "error_tags is reserved");
export type Rubric = z.infer<typeof RubricSchema>;

/** Per-turn error tags are stored as one label (JSON) under this reserved dimension key. */
export const ERROR_TAGS_KEY = "error_tags";
export const TAG_SOURCES = ["agent", "user", "tool"] as const;
export const TAG_SEVERITIES = ["minor", "major", "critical"] as const;
export const ErrorTagSchema = z.object({
  turn: z.number().int().min(0).max(100_000),
  source: z.enum(TAG_SOURCES),
  severity: z.enum(TAG_SEVERITIES),
});
export type ErrorTag = z.infer<typeof ErrorTagSchema>;
export const ErrorTagsSchema = z.array(ErrorTagSchema).max(200);

const YES_NO = [
  { value: "yes", label: "yes" },
  { value: "no", label: "no" },
];

/** Seed 003's human-validation rubric (appendix A): goal completion with its error source, both hallucinations. */
export const DEFAULT_DIMENSIONS: Dimension[] = [
  {
    kind: "categorical",
    key: "goal_completion",
    label: "Goal completion",
    options: [
      { value: "completed", label: "completed" },
      { value: "not_completed_agent", label: "not completed (agent)" },
      { value: "not_completed_user", label: "not completed (user)" },
    ],
    judge: "goal_completion",
  },
  {
    kind: "categorical",
    key: "tool_hallucination",
    label: "Tool hallucination",
    options: YES_NO,
    judge: "tool_hallucination",
  },
  {
    kind: "categorical",
    key: "user_hallucination",
    label: "User hallucination",
    options: YES_NO,
    judge: "user_hallucination",
  },
  { kind: "text", key: "failure_category", label: "Failure category" },
  { kind: "text", key: "comment", label: "Comment" },
];

export function makeDefaultRubric(): Rubric {
  return { dimensions: DEFAULT_DIMENSIONS.map((d) => ({ ...d })), errorTags: true };
}

/**
 * Extra dimensions as an admin types them, one per line: `key: yes/no` or `key: a | b | c`.
 * Returns the dimensions or the line-numbered problems.
 */
export function parseExtraDimensions(text: string): { dimensions: Dimension[]; issues: string[] } {
  const dimensions: Dimension[] = [];
  const issues: string[] = [];
  text.split("\n").forEach((raw, index) => {
    const line = raw.trim();
    if (line === "") return;
    const match = /^([^:]+):(.+)$/.exec(line);
    if (!match) return issues.push(`line ${index + 1}: expected "key: yes/no" or "key: a | b | c"`);
    const key = (match[1] ?? "").trim();
    const spec = (match[2] ?? "").trim();
    const options =
      spec === "yes/no" ? YES_NO : spec.split("|").map((value) => ({ value: value.trim(), label: value.trim() }));
    const parsed = DimensionSchema.safeParse({
      kind: "categorical",
      key,
      label: key.replaceAll("_", " "),
      options,
      judge: null,
    });
    if (!parsed.success)
      return issues.push(`line ${index + 1}: ${parsed.error.issues.map((issue) => issue.message).join("; ")}`);
    dimensions.push(parsed.data);
  });
  return { dimensions, issues };
}

export function categoricalDimensions(rubric: Rubric): CategoricalDimension[] {
  return rubric.dimensions.filter((d): d is CategoricalDimension => d.kind === "categorical");
}

// Letters with another meaning on the page are left out: e (timeline: jump to first error),
// n (save and next), p (previous), s (save), f and c (focus failure category and comment).
const OPTION_KEYS = "1234567890qwrtyuiadghjklzxvbm";

export interface OptionShortcut {
  key: string;
  dimension: string;
  value: string;
  label: string;
}

/** One key per option, in rubric order (default rubric: 1-3 goal, 4-5 tool, 6-7 user hallucination). */
export function buildOptionShortcuts(rubric: Rubric): OptionShortcut[] {
  const shortcuts: OptionShortcut[] = [];
  for (const dimension of categoricalDimensions(rubric)) {
    for (const option of dimension.options) {
      const key = OPTION_KEYS[shortcuts.length];
      if (key === undefined) return shortcuts;
      shortcuts.push({
        key,
        dimension: dimension.key,
        value: option.value,
        label: `${dimension.label}: ${option.label}`,
      });
    }
  }
  return shortcuts;
}

export interface JudgeColumns {
  judgeGoalCompleted: boolean | null;
  judgeErrorSource: string | null;
  judgeToolHallucination: boolean | null;
  judgeUserHallucination: boolean | null;
}

function yesNo(value: boolean | null): string | null {
  return value === null ? null : value ? "yes" : "no";
}

/**
 * The judge's labels in rubric terms, frozen on each item at creation. A failed goal without
 * a user/agent error source has no label: the rubric's categories cannot place it.
 */
export function judgeLabelsOf(columns: JudgeColumns): Record<JudgeSource, string | null> {
  const goal =
    columns.judgeGoalCompleted === null
      ? null
      : columns.judgeGoalCompleted
        ? "completed"
        : columns.judgeErrorSource === "agent"
          ? "not_completed_agent"
          : columns.judgeErrorSource === "user"
            ? "not_completed_user"
            : null;
  return {
    goal_completion: goal,
    tool_hallucination: yesNo(columns.judgeToolHallucination),
    user_hallucination: yesNo(columns.judgeUserHallucination),
  };
}
