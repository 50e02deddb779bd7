import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { ENV_VARIABLES } from "@/lib/env";
import { CONFIGURATION_PATH, configurationMarkdown } from "./configuration-docs";

it("docs/configuration.md is what lib/env.ts generates (run `npm run docs:config` after changing a variable)", async () => {
  expect(readFileSync(CONFIGURATION_PATH, "utf8")).toBe(await configurationMarkdown());
});

it("lists every variable of lib/env.ts", () => {
  const text = readFileSync(CONFIGURATION_PATH, "utf8");
  for (const name of Object.keys(ENV_VARIABLES)) expect(text).toContain(`| \`${name}\``);
});
