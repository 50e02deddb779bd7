import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BUILT_CONFIG_VARIABLE, withBuiltNextConfig } from "./built-next-config.mjs";

const dirs: string[] = [];

/** A project folder with a next.config.ts and, when given, a build record holding `config`. */
function project(config?: unknown, { configNewer = false } = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "loopscope-built-config-"));
  dirs.push(dir);
  writeFileSync(path.join(dir, "next.config.ts"), "export default {};\n");
  if (config !== undefined) {
    mkdirSync(path.join(dir, ".next"));
    writeFileSync(path.join(dir, ".next", "required-server-files.json"), JSON.stringify({ version: 1, config }));
  }
  const older = new Date(Date.now() - 60_000);
  utimesSync(path.join(dir, configNewer ? ".next/required-server-files.json" : "next.config.ts"), older, older);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("withBuiltNextConfig", () => {
  it("passes the configuration the build resolved to next start", () => {
    const config = { poweredByHeader: false, experimental: { authInterrupts: true } };
    const env = withBuiltNextConfig({ PORT: "3000" }, project(config));
    expect(env.PORT).toBe("3000");
    expect(JSON.parse(env[BUILT_CONFIG_VARIABLE] ?? "null")).toEqual(config);
  });

  it("leaves next.config.ts to be compiled when there is no build, or it is older than the file", () => {
    expect(withBuiltNextConfig({}, project())[BUILT_CONFIG_VARIABLE]).toBeUndefined();
    const stale = project({ poweredByHeader: false }, { configNewer: true });
    expect(withBuiltNextConfig({}, stale)[BUILT_CONFIG_VARIABLE]).toBeUndefined();
  });

  it("is switched off by LOOPSCOPE_BUILT_CONFIG=0 and never replaces a value already set", () => {
    const dir = project({ poweredByHeader: false });
    expect(withBuiltNextConfig({ LOOPSCOPE_BUILT_CONFIG: "0" }, dir)[BUILT_CONFIG_VARIABLE]).toBeUndefined();
    expect(withBuiltNextConfig({ [BUILT_CONFIG_VARIABLE]: "{}" }, dir)[BUILT_CONFIG_VARIABLE]).toBe("{}");
  });
});
