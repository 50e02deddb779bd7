import type { z } from "zod";

/** The form's own words for each field, so a refusal names what the admin sees, not a schema path. */
const FIELD_LABELS: Record<string, string> = {
  name: "Name",
  instructions: "Instructions",
  source: "Runs to sample from",
  sampleSize: "Sample size",
  sampling: "Sampling",
  annotatorsPerItem: "Annotators per item",
  annotatorIds: "Annotators",
  newAnnotators: "New annotators",
  blind: "Blind",
  rubric: "Rubric",
};

/**
 * A refused new-study form as sentences: messages written as sentences (ending in ".") stand alone, others are
 * prefixed by the field's label ("Sample size: Too big: expected number to be <=5000").
 */
export function studyFormMessage(error: z.ZodError): string {
  const sentences = error.issues.map((issue) => {
    if (issue.message.endsWith(".")) return issue.message;
    const field = FIELD_LABELS[String(issue.path[0] ?? "")] ?? "Input";
    return `${field}: ${issue.message}.`;
  });
  return [...new Set(sentences)].join(" ");
}
