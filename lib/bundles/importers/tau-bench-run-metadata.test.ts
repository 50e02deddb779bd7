import { describe, expect, it } from "vitest";
import { extractTauBenchRunMetadata } from "./tau-bench-run-metadata";

describe("extractTauBenchRunMetadata", () => {
  it("keeps env, model, user model and strategy, and a task split the file name states", () => {
    const source = {
      model: "gpt-4o",
      modelFrom: "file name" as const,
      domain: "retail",
      domainFrom: "content" as const,
      agentStrategy: "tool-calling",
      temperature: 0,
      userModel: "gpt-4o",
      userStrategy: "llm",
    };
    expect(
      extractTauBenchRunMetadata(source, "results/tool-calling-gpt-4o-0.0_range_0--1_user-gpt-4o-llm_test_0330.json"),
    ).toEqual({
      source: "tau-bench",
      env: "retail",
      domainFrom: "content",
      agentModel: "gpt-4o",
      modelFrom: "file name",
      agentStrategy: "tool-calling",
      temperature: 0,
      userModel: "gpt-4o",
      userStrategy: "llm",
      taskSplit: "test",
      userMode: "default",
      policyVariant: null,
    });
  });

  it("invents nothing the file does not say", () => {
    expect(extractTauBenchRunMetadata({}, "gpt-4o-airline.json")).toEqual({
      source: "tau-bench",
      userMode: "default",
      policyVariant: null,
    });
  });
});
