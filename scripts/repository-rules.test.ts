import { execFile } from "node:child_process";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";

// Shows that `npm test` fails on a deliberate layer violation or lint error: each probe file breaks one rule, the
// checker is run on it alone, and must refuse it by name.
const run = promisify(execFile);
const root = process.cwd();
const probes: string[] = [];

async function writeProbe(relativePath: string, source: string): Promise<string> {
  const file = path.join(root, relativePath);
  probes.push(file);
  await writeFile(file, source);
  return relativePath;
}

async function failureOutput(command: string, args: string[]): Promise<string> {
  try {
    await run(command, args, { cwd: root });
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    return `${stdout}${stderr}`;
  }
  throw new Error(`${command} ${args.join(" ")} accepted a probe that breaks its rules`);
}

afterEach(async () => {
  await Promise.all(probes.splice(0).map((file) => rm(file, { force: true })));
});

describe("repository rules", { timeout: 120_000 }, () => {
  it("dependency-cruiser refuses a component that imports a type from lib/server", async () => {
    const probe = await writeProbe(
      "components/zz-layer-probe.tsx",
      'import type { ActionState } from "@/lib/server/action-state";\nexport const probe: ActionState | null = null;\n',
    );
    const output = await failureOutput("npx", ["depcruise", probe, "--config", ".dependency-cruiser.cjs"]);
    expect(output).toContain("components-stay-presentational");
  });

  it("dependency-cruiser refuses production code that imports lib/testing", async () => {
    const probe = await writeProbe(
      "lib/server/zz-testing-probe.ts",
      'import { uniqueId } from "@/lib/testing/factories";\nexport const probe = uniqueId("x");\n',
    );
    const output = await failureOutput("npx", ["depcruise", probe, "--config", ".dependency-cruiser.cjs"]);
    expect(output).toContain("testing-only-in-tests");
  });

  // A plain .mjs probe: type-aware linting of a .ts probe would load the whole TypeScript program (slow).
  it("ESLint refuses an unused variable", async () => {
    const probe = await writeProbe("scripts/zz-lint-probe.mjs", "const unused = 1;\nexport const used = 2;\n");
    const output = await failureOutput("npx", ["eslint", "--max-warnings", "0", probe]);
    expect(output).toContain("no-unused-vars");
  });
});
