import type { JsonValue } from "@/lib/bundles/schema/common";
import type { AcmeEnvironment } from "./acme-environment";
import type { JsonObject, ScriptStep } from "./types";

/** Records a gold conversation while executing its calls, so every output is the real one. */
export class ScriptWriter {
  readonly steps: ScriptStep[] = [];

  constructor(private readonly env: AcmeEnvironment) {}

  user(text: string): void {
    this.steps.push({ role: "user", text });
  }

  agent(text: string): void {
    this.steps.push({ role: "agent", text });
  }

  /** Returns the step index, so callers can remember where the state-changing calls are. */
  call(name: string, args: JsonObject): { index: number; output: JsonValue } {
    const call = { name, arguments: args };
    const outcome = this.env.execute(call);
    this.steps.push({ role: "tool", call, output: outcome.output, ...(outcome.error ? { error: true } : {}) });
    return { index: this.steps.length - 1, output: outcome.output };
  }
}

export function field(output: JsonValue, key: string): string {
  if (output === null || typeof output !== "object" || Array.isArray(output)) return "";
  const value = output[key];
  return typeof value === "string" || typeof value === "number" ? String(value) : "";
}
