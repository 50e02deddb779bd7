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

  it("dependency-cruiser refuses the generated Prisma client outside lib/db", async () => {
    const probe = await writeProbe(
      "lib/server/zz-prisma-probe.ts",
      'import type { Prisma } from "@/lib/db/generated/client";\nexport type Probe = Prisma.InputJsonObject;\n',
    );
    const output = await failureOutput("npx", ["depcruise", probe, "--config", ".dependency-cruiser.cjs"]);
    expect(output).toContain("prisma-only-in-lib-db");
  });

  it("dependency-cruiser refuses an import cycle, even of types only", async () => {
    const first = await writeProbe(
      "lib/server/zz-cycle-a-probe.ts",
      'import type { B } from "./zz-cycle-b-probe";\nexport type A = { b?: B };\n',
    );
    const second = await writeProbe(
      "lib/server/zz-cycle-b-probe.ts",
      'import type { A } from "./zz-cycle-a-probe";\nexport type B = { a?: A };\n',
    );
    const output = await failureOutput("npx", ["depcruise", first, second, "--config", ".dependency-cruiser.cjs"]);
    expect(output).toContain("no-circular");
  });

  it("dependency-cruiser refuses lib/contracts importing app code, even pure lib code", async () => {
    const probe = await writeProbe(
      "lib/contracts/zz-contracts-probe.ts",
      'import type { CountRate } from "@/lib/metrics/types";\nexport type Probe = CountRate;\n',
    );
    const output = await failureOutput("npx", ["depcruise", probe, "--config", ".dependency-cruiser.cjs"]);
    expect(output).toContain("contracts-import-nothing-of-the-app");
  });

  it("dependency-cruiser refuses lib/db importing lib/presenters", async () => {
    const probe = await writeProbe(
      "lib/db/zz-presenters-probe.ts",
      'import { formatPercent } from "@/lib/presenters/format";\nexport const probe = formatPercent(0.5);\n',
    );
    const output = await failureOutput("npx", ["depcruise", probe, "--config", ".dependency-cruiser.cjs"]);
    expect(output).toContain("db-does-not-import-presenters");
  });

  // A plain .mjs probe: type-aware linting of a .ts probe would load the whole TypeScript program (slow).
  it("ESLint refuses an unused variable", async () => {
    const probe = await writeProbe("scripts/zz-lint-probe.mjs", "const unused = 1;\nexport const used = 2;\n");
    const output = await failureOutput("npx", ["eslint", "--max-warnings", "0", probe]);
    expect(output).toContain("no-unused-vars");
  });
});
