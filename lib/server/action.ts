import "server-only";
import { headers } from "next/headers";
import { z } from "zod";
import { formatPath } from "@/lib/bundles/issues";
import { AppError } from "./app-error";
import type { Access, Actor } from "./auth/roles";
import { authorizeAction, refuseCrossSiteHeaders } from "./action-access";
import type { ActionState } from "./action-state";

export type { ActionState } from "./action-state";

/**
 * The one wrapper of every server action: refuses cross-site requests and API tokens, resolves
 * who acts from the session, checks access, and turns validation and app errors into a
 * message for the form instead of an exception.
 */
export async function runAction(access: Access, work: (actor: Actor) => Promise<ActionState>): Promise<ActionState> {
  try {
    const authorized = await authorizeAction(await headers(), access);
    if ("refused" in authorized) return authorized.refused;
    return await work(authorized.actor);
  } catch (error) {
    if (error instanceof z.ZodError)
      return {
        ok: false,
        message: error.issues.map((issue) => `${formatPath(issue.path) || "input"}: ${issue.message}`).join("; "),
      };
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

/** For the actions that run before anyone is signed in (sign-in, setup, sign-out): CSRF only. */
export async function refuseCrossSite(): Promise<ActionState | null> {
  return refuseCrossSiteHeaders(await headers());
}
