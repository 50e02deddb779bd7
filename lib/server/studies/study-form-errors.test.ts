import { describe, expect, it } from "vitest";
import { makeDefaultRubric } from "@/lib/presenters/study-rubric";
import { emailFromName } from "./read-study-form";
import { studyFormMessage } from "./study-form-errors";
import { NewStudySchema } from "./study-schemas";

const valid = {
  name: "study",
  instructions: "",
  source: { runIds: ["r"], suiteId: null },
  sampleSize: 10,
  sampling: { method: "random", by: null, seed: 1 },
  annotatorsPerItem: 2,
  annotatorIds: ["a"],
  newAnnotators: [],
  blind: true,
  rubric: makeDefaultRubric(),
};

function messageOf(input: unknown): string {
  const parsed = NewStudySchema.safeParse(input);
  if (parsed.success) throw new Error("expected a refusal");
  return studyFormMessage(parsed.error);
}

describe("the new-study form's refusals", () => {
  it("say why two annotators are needed, in a sentence without a schema path", () => {
    const message = messageOf(valid);
    expect(message).toMatch(/^Choose or create at least two annotators: only the agreement between two people/);
    expect(message).not.toContain("annotatorIds");
  });

  it("name the field the admin sees for other problems", () => {
    expect(messageOf({ ...valid, annotatorIds: ["a", "b"], sampleSize: 0 })).toMatch(/^Sample size: /);
    expect(
      messageOf({
        ...valid,
        newAnnotators: [
          { name: "Ada", email: "ada@example.org" },
          { name: "", email: "x" },
        ],
      }),
    ).toContain("each new annotator needs a name");
  });

  it("counts inline annotators towards the two", () => {
    expect(NewStudySchema.safeParse({ ...valid, newAnnotators: [{ name: "Ada", email: "ada@x.org" }] }).success).toBe(
      true,
    );
  });

  it("derives a blank email from the name on the reserved .invalid domain", () => {
    expect(emailFromName("Ada Lovelace")).toBe("ada.lovelace@annotators.invalid");
    expect(emailFromName("Zoë  O'Neil")).toBe("zoe.o.neil@annotators.invalid");
    expect(emailFromName("!!!")).toBe("annotator@annotators.invalid");
  });
});
