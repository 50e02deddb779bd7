import { DEFAULT_DIMENSIONS, parseExtraDimensions, type Rubric } from "@/lib/presenters/study-rubric";
import { AppError } from "../app-error";
import type { NewStudy } from "./study-schemas";

function numberOf(form: FormData, name: string, fallback: number): number {
  const value = form.get(name);
  return typeof value === "string" && value.trim() !== "" ? Number(value) : fallback;
}

function textOf(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** The new-study form as NewStudy input (validated by createStudy's schema). */
export function readStudyForm(form: FormData): NewStudy {
  const extra = parseExtraDimensions(textOf(form, "extraDimensions"));
  if (extra.issues.length > 0) throw new AppError("unprocessable", `extra dimensions: ${extra.issues.join("; ")}`);
  const chosen = new Set(form.getAll("dimensions").map(String));
  const rubric: Rubric = {
    dimensions: [...DEFAULT_DIMENSIONS.filter((d) => chosen.has(d.key)), ...extra.dimensions],
    errorTags: form.get("errorTags") === "on",
  };
  const method = textOf(form, "sampling") === "random" ? "random" : "stratified";
  const by = textOf(form, "sampling");
  const suiteId = textOf(form, "suiteId");
  return {
    name: textOf(form, "name"),
    instructions: textOf(form, "instructions"),
    source: { runIds: form.getAll("runIds").map(String), suiteId: suiteId === "" ? null : suiteId },
    sampleSize: numberOf(form, "sampleSize", 50),
    sampling:
      method === "random"
        ? { method, by: null, seed: numberOf(form, "seed", 1) }
        : {
            method,
            by: by === "run" || by === "outcome" || by === "stop_reason" || by === "turn_depth" ? by : null,
            seed: numberOf(form, "seed", 1),
          },
    annotatorsPerItem: numberOf(form, "annotatorsPerItem", 2),
    annotatorIds: form.getAll("annotatorIds").map(String),
    blind: form.get("blind") === "on",
    rubric,
  };
}
