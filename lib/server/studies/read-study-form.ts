import { DEFAULT_DIMENSIONS, parseExtraDimensions, type Rubric } from "@/lib/presenters/study-rubric";
import { AppError } from "../app-error";
import type { NewStudyInput } from "./study-schemas";

function numberOf(form: FormData, name: string, fallback: number): number {
  const value = form.get(name);
  return typeof value === "string" && value.trim() !== "" ? Number(value) : fallback;
}

function textOf(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** A blank email of an inline annotator: one from the name, on a reserved domain (.invalid) nobody can own. */
export function emailFromName(name: string): string {
  const local = name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ".")
    .replace(/^\.+|\.+$/g, "");
  return `${local || "annotator"}@annotators.invalid`;
}

/** The rows of "create annotators" the admin filled in (a row with neither name nor email is ignored). */
function newAnnotatorsOf(form: FormData): { name: string; email: string }[] {
  const names = form.getAll("newAnnotatorName").map(String);
  const emails = form.getAll("newAnnotatorEmail").map(String);
  return names.flatMap((raw, index) => {
    const name = raw.trim();
    const email = (emails[index] ?? "").trim();
    if (name === "" && email === "") return [];
    return [{ name, email: email === "" ? emailFromName(name) : email }];
  });
}

/** The new-study form as NewStudy input (validated by createStudy's schema). */
export function readStudyForm(form: FormData): NewStudyInput {
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
    newAnnotators: newAnnotatorsOf(form),
    blind: form.get("blind") === "on",
    rubric,
  };
}
