import { describe, expect, it } from "vitest";
import { inferModel } from "./infer-model";

describe("inferModel", () => {
  it("reads an OpenAI fine-tune as the sft variant of its base model", () => {
    expect(inferModel("ft:gpt-4.1-2025-04-14:org::suffix")).toEqual({
      name: "ft:gpt-4.1-2025-04-14:org::suffix",
      variant: "sft",
      pairingKey: "gpt-4.1",
      family: "gpt-4.1",
    });
  });

  it("pairs a plain model with itself as the base variant", () => {
    expect(inferModel("gpt-4.1-2025-04-14")).toEqual({
      name: "gpt-4.1-2025-04-14",
      variant: "base",
      pairingKey: "gpt-4.1",
      family: "gpt-4.1",
    });
  });

  it.each([
    ["gpt-4o-2024-08-06", "gpt-4o"],
    ["gpt-4o", "gpt-4o"],
    ["gpt-4o-mini-2024-07-18", "gpt-4o-mini"],
    ["grok-3", "grok"],
    ["qwen3-4b", "qwen3"],
    ["Qwen2.5-14B-Instruct", "qwen2.5"],
    ["claude-3-5-sonnet-20241022", "claude"],
  ])("family of %s is %s", (raw, family) => {
    expect(inferModel(raw).family).toBe(family);
  });

  it.each([
    ["qwen3-4b", "4B"],
    ["Qwen2.5-14B-Instruct", "14B"],
    ["llama-3.1-8b-instruct", "8B"],
    ["qwen2.5-0.5b", "0.5B"],
  ])("size of %s is %s", (raw, size) => {
    expect(inferModel(raw).size).toBe(size);
  });

  it("has no size when the name states none", () => {
    expect(inferModel("gpt-4o-2024-08-06").size).toBeUndefined();
    expect(inferModel("grok-3").size).toBeUndefined();
  });

  it("strips a provider route but reports it", () => {
    expect(inferModel("xai/grok-3")).toEqual({
      name: "grok-3",
      variant: "base",
      pairingKey: "grok-3",
      family: "grok",
      provider: "xai",
    });
  });

  it("keeps a provider on fine-tunes too", () => {
    const model = inferModel("openai/ft:gpt-4o-mini-2024-07-18:acme:tau:abc123");
    expect(model).toMatchObject({
      provider: "openai",
      variant: "sft",
      pairingKey: "gpt-4o-mini",
      family: "gpt-4o-mini",
    });
  });
});
