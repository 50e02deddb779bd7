import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { ENV_VARIABLES, EnvError, env, parseEnv, resetEnv, type EnvName } from "./env";

const names = Object.keys(ENV_VARIABLES) as EnvName[];

describe("parseEnv", () => {
  it("gives every variable its documented default when unset", () => {
    const unset = parseEnv({});
    for (const name of names) {
      const documented: string | undefined = ENV_VARIABLES[name].default;
      if (name === "LOOPSCOPE_MAX_DECOMPRESSED_BYTES") continue; // derived, checked below
      if (documented === undefined) expect([undefined, false, []], name).toContainEqual(unset[name]);
      else expect(parseEnv({ [name]: documented })[name], name).toEqual(unset[name]);
    }
  });

  it("derives the decompressed limit from the upload limit unless set", () => {
    expect(parseEnv({ LOOPSCOPE_MAX_UPLOAD_BYTES: "1000" }).LOOPSCOPE_MAX_DECOMPRESSED_BYTES).toBe(4000);
    expect(parseEnv({ LOOPSCOPE_MAX_DECOMPRESSED_BYTES: "5" }).LOOPSCOPE_MAX_DECOMPRESSED_BYTES).toBe(5);
  });

  it("accepts LOOPSCOPE_AUTH=required, unset or empty, and stops on anything else naming the allowed value", () => {
    expect(parseEnv({ LOOPSCOPE_AUTH: "required" }).LOOPSCOPE_AUTH).toBe("required");
    expect(parseEnv({}).LOOPSCOPE_AUTH).toBeUndefined();
    expect(parseEnv({ LOOPSCOPE_AUTH: "" }).LOOPSCOPE_AUTH).toBeUndefined();
    expect(() => parseEnv({ LOOPSCOPE_AUTH: "requried" })).toThrow(EnvError);
    expect(() => parseEnv({ LOOPSCOPE_AUTH: "Required" })).toThrow(
      'LOOPSCOPE_AUTH="Required" is not valid (allowed: "required" or unset)',
    );
  });

  it("checks every choice and names each bad variable in one message", () => {
    expect(parseEnv({ LOOPSCOPE_WORKER: "inline" }).LOOPSCOPE_WORKER).toBe("inline");
    const bad = () => parseEnv({ LOOPSCOPE_WORKER: "child", LOOPSCOPE_SECURE_COOKIES: "true" });
    expect(bad).toThrow('LOOPSCOPE_WORKER="child" is not valid (allowed: "on", "inline", "off" or unset)');
    expect(bad).toThrow('LOOPSCOPE_SECURE_COOKIES="true" is not valid (allowed: "0", "1" or unset)');
    expect(() => parseEnv({ LOOPSCOPE_INGEST_HEAP_MB: "16" })).toThrow(/LOOPSCOPE_INGEST_HEAP_MB="16" is not valid/);
  });

  it("takes an empty value as unset, except the S3 prefix, where it means the bucket's root", () => {
    const blank = Object.fromEntries(names.map((name) => [name, ""]));
    const parsed = parseEnv(blank);
    expect(parsed.LOOPSCOPE_JOB_RETRIES).toBe(3);
    expect(parsed.LOOPSCOPE_INGEST_RSS_TARGET_MB).toBe(240);
    expect(parsed.LOOPSCOPE_TRUSTED_PROXIES).toBeUndefined();
    expect(parsed.LOOPSCOPE_WORKER).toBe("on");
    expect(parsed.LOOPSCOPE_S3_PREFIX).toBe("");
  });

  it("reads flags and comma-separated lists", () => {
    const parsed = parseEnv({
      LOOPSCOPE_SECURE_COOKIES: "1",
      LOOPSCOPE_ALLOWED_ORIGINS: " https://a.example , ,https://b.example",
      DATABASE_REPLICA_URLS: "",
    });
    expect(parsed.LOOPSCOPE_SECURE_COOKIES).toBe(true);
    expect(parsed.LOOPSCOPE_EMBEDDED).toBe(false);
    expect(parsed.LOOPSCOPE_ALLOWED_ORIGINS).toEqual(["https://a.example", "https://b.example"]);
    expect(parsed.DATABASE_REPLICA_URLS).toEqual([]);
  });

  it("describes every variable in one line, and names allowed values for choices", () => {
    for (const name of names) {
      const { description } = ENV_VARIABLES[name];
      expect(description.length, name).toBeGreaterThan(10);
      expect(description, name).not.toMatch(/[\n|]/);
    }
  });
});

describe("env", () => {
  const saved = process.env.LOOPSCOPE_JOB_RETRIES;
  afterEach(() => {
    if (saved === undefined) delete process.env.LOOPSCOPE_JOB_RETRIES;
    else process.env.LOOPSCOPE_JOB_RETRIES = saved;
  });

  it("parses once and keeps the result until reset", () => {
    resetEnv();
    const first = env();
    expect(env()).toBe(first);
    resetEnv();
    expect(env()).not.toBe(first);
  });

  it("follows a test's change of process.env (lib/testing/env-follows-process.ts)", () => {
    process.env.LOOPSCOPE_JOB_RETRIES = "7";
    expect(env().LOOPSCOPE_JOB_RETRIES).toBe(7);
    delete process.env.LOOPSCOPE_JOB_RETRIES;
    expect(env().LOOPSCOPE_JOB_RETRIES).toBe(3);
  });
});

it("imports nothing of the app, so lib/db and every layer can use it", () => {
  const source = readFileSync(new URL("./env.ts", import.meta.url), "utf8");
  const imports = [...source.matchAll(/^import .* from "([^"]+)";$/gm)].map((match) => match[1]);
  expect(imports).toEqual(["zod"]);
});
