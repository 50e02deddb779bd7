import { createHash } from "node:crypto";
import type { BundleHeader } from "../schema/bundle";
import type { Task } from "../schema/task";

export function hashJson(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("hex");
}

export function taskDefinitionHash(task: Task): string {
  return hashJson(task);
}

export function runDisplayName(run: BundleHeader["runs"][number]): string {
  return run.name ?? `${run.model.name} (${run.variant})`;
}
