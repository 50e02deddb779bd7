import { describe, expect, it } from "vitest";
import { RunParams } from "@/lib/contracts/route-params";
import { AppError } from "./app-error";
import { z } from "zod";
import { loadPage, pageParams, pageQuery } from "./page-input";

// next.config.ts enables authInterrupts, which the build passes to forbidden() through this variable.
process.env.__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS = "true";

// notFound() and forbidden() throw errors Next recognises by their digest.
async function digestOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return (error as { digest?: string }).digest;
  }
  throw new Error("expected the page helper to throw");
}

describe("loadPage", () => {
  it("returns what the use case found", async () => {
    await expect(loadPage(() => Promise.resolve({ id: "r1" }))).resolves.toEqual({ id: "r1" });
    await expect(loadPage(() => Promise.resolve(0))).resolves.toBe(0);
  });

  it("renders not-found for null, undefined or an AppError not_found", async () => {
    expect(await digestOf(loadPage(() => Promise.resolve(null)))).toBe("NEXT_HTTP_ERROR_FALLBACK;404");
    expect(await digestOf(loadPage(() => Promise.resolve(undefined)))).toBe("NEXT_HTTP_ERROR_FALLBACK;404");
    const missing = loadPage(() => Promise.reject(new AppError("not_found", "no study")));
    expect(await digestOf(missing)).toBe("NEXT_HTTP_ERROR_FALLBACK;404");
  });

  it("renders forbidden for an AppError forbidden and lets every other error through", async () => {
    const refused = loadPage(() => Promise.reject(new AppError("forbidden", "closed")));
    expect(await digestOf(refused)).toBe("NEXT_HTTP_ERROR_FALLBACK;403");
    await expect(loadPage(() => Promise.reject(new AppError("conflict", "busy")))).rejects.toMatchObject({
      code: "conflict",
    });
    await expect(loadPage(() => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
  });
});

describe("pageParams", () => {
  it("parses the params with the shared schema, and an id no run can have is not-found", async () => {
    await expect(pageParams(RunParams, Promise.resolve({ id: "run-1" }))).resolves.toEqual({ id: "run-1" });
    const tooLong = pageParams(RunParams, Promise.resolve({ id: "x".repeat(101) }));
    expect(await digestOf(tooLong)).toBe("NEXT_HTTP_ERROR_FALLBACK;404");
  });
});

describe("pageQuery", () => {
  const Query = z.object({ page: z.coerce.number().int().min(1), q: z.string().optional() });

  it("reads the first value of a repeated key and coerces it; a refused query is not-found", async () => {
    await expect(pageQuery(Query, Promise.resolve({ page: ["3", "9"], q: undefined }))).resolves.toEqual({ page: 3 });
    expect(await digestOf(pageQuery(Query, { page: "0" }))).toBe("NEXT_HTTP_ERROR_FALLBACK;404");
  });
});
