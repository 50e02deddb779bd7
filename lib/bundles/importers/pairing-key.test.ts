import { describe, expect, it } from "vitest";
import { derivePairing } from "./pairing-key";

describe("derivePairing", () => {
  it("pairs an OpenAI fine-tune with its base named without the date", () => {
    expect(derivePairing("ft:gpt-4.1-2025-04-14:acme:sft:abc123")).toEqual({ pairingKey: "gpt-4.1", variant: "sft" });
    expect(derivePairing("gpt-4.1")).toEqual({ pairingKey: "gpt-4.1", variant: "base" });
  });

  it.each([
    ["gpt-4.1-2025-04-14", "gpt-4.1"],
    ["claude-3-5-sonnet-20241022", "claude-3-5-sonnet"],
    ["gpt-4-0613", "gpt-4"],
    ["xai/grok-3", "grok-3"],
    ["openai/gpt-4o-mini-2024-07-18", "gpt-4o-mini"],
    ["Qwen3-4B", "qwen3-4b"],
  ])("base %s has key %s", (raw, key) => {
    expect(derivePairing(raw)).toEqual({ pairingKey: key, variant: "base" });
  });

  it.each([
    ["qwen3-4b-sft", "qwen3-4b"],
    ["Qwen3-4B-LoRA", "qwen3-4b"],
    ["llama-3.1-8b-ft", "llama-3.1-8b"],
    ["qwen3-4b-checkpoint-123", "qwen3-4b"],
    ["qwen3-4b-sft-checkpoint-200", "qwen3-4b"],
    ["qwen3-4b-ckpt500", "qwen3-4b"],
    ["hosted_vllm/qwen3-4b_sft", "qwen3-4b"],
    ["openai/ft:gpt-4o-mini-2024-07-18:acme:tau:abc123", "gpt-4o-mini"],
  ])("fine-tune %s pairs with %s", (raw, key) => {
    expect(derivePairing(raw)).toEqual({ pairingKey: key, variant: "sft" });
  });

  it("never strips a whole name that is only a suffix", () => {
    expect(derivePairing("sft")).toEqual({ pairingKey: "sft", variant: "base" });
  });
});
