// Writes docs/configuration.md, the table of environment variables, from lib/env.ts (their one definition).
// Usage: npm run docs:config. scripts/configuration-docs.test.ts fails when the committed file differs from this output.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import prettier from "prettier";
import { ENV_VARIABLES } from "@/lib/env";

export const CONFIGURATION_PATH = fileURLToPath(new URL("../docs/configuration.md", import.meta.url));

const INTRO = `# Configuration

<!-- Generated from lib/env.ts by \`npm run docs:config\`; edit the descriptions there. -->

Loopscope is configured by environment variables only. The app reads them through one module, \`lib/env.ts\`, which
parses them once at start: a variable set to a value it does not accept (a typo such as \`LOOPSCOPE_AUTH=requried\`)
stops the server with a message naming the variable and the values it allows, instead of starting with the setting
silently off. An empty value (\`VAR=\`) counts as unset, except for \`LOOPSCOPE_S3_PREFIX\`, where it means the bucket's
root.

Several web servers, workers, read replicas and object storage: [scaling.md](scaling.md). Accounts and the settings
that protect an installation: [security.md](security.md). The variables of the test suite (\`TEST_DATABASE_URL\`,
\`E2E_DATABASE_URL\`, ...): [testing.md](testing.md).
`;

function cell(text: string): string {
  return text.replaceAll("|", "\\|");
}

function row(
  name: string,
  variable: { description: string; default?: string; allowed?: readonly string[]; readBy?: string },
): string {
  const fallback = variable.default === undefined ? "unset" : `\`${variable.default}\``;
  const allowed = variable.allowed ? variable.allowed.map((value) => `\`${value}\``).join(", ") : "";
  return `| \`${name}\` | ${fallback} | ${allowed} | ${cell(variable.description)} | ${variable.readBy ?? "the app"} |`;
}

/** The whole file, formatted as Prettier would leave it (npm test checks formatting too). */
export async function configurationMarkdown(): Promise<string> {
  const rows = Object.entries(ENV_VARIABLES).map(([name, variable]) => row(name, variable));
  const table = [
    "| variable | default | allowed | what it does | read by |",
    "| --- | --- | --- | --- | --- |",
    ...rows,
  ];
  const text = `${INTRO}\n${table.join("\n")}\n`;
  const options = await prettier.resolveConfig(CONFIGURATION_PATH);
  return prettier.format(text, { ...options, filepath: CONFIGURATION_PATH });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  writeFileSync(CONFIGURATION_PATH, await configurationMarkdown());
  console.log(`wrote ${path.relative(process.cwd(), CONFIGURATION_PATH)}`);
}
