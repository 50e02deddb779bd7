import "server-only";
import { headers } from "next/headers";
import { z } from "zod";
import { formatPath } from "@/lib/bundles/issues";
import { AppError } from "./app-error";
import { resolveActor } from "./auth/resolve-actor";
import { allows, type Access, type Actor } from "./auth/roles";
import type { ActionState } from "./action-state";

export type { ActionState } from "./action-state";

/**
 * The one wrapper of every server action: resolves who acts, checks access, and turns
 * validation and app errors into a message for the form instead of an exception.
 */
export async function runAction(access: Access, work: (actor: Actor) => Promise<ActionState>): Promise<ActionState> {
  try {
    const actor = await resolveActor(await headers());
    if (!actor) return { ok: false, message: "sign in first" };
    if (!allows(actor, access)) return { ok: false, message: `your role (${actor.role}) does not allow this` };
    return await work(actor);
  } catch (error) {
    if (error instanceof z.ZodError) return { ok: false, message: error.issues.map((issue) => `${formatPath(issue.path) || "input"}: ${issue.message}`).join("; ") };
    if (error instanceof AppError) return { ok: false, message: error.message };
    console.error("server action failed", error);
    return { ok: false, message: "something went wrong on the server" };
  }
}

export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string") values[key] = value;
  return values;
}
