import { describe, expect, it } from "vitest";
import { withHeapCap } from "./heap-cap.mjs";

describe("withHeapCap", () => {
  it("caps old space at 256 MB and a semi-space at 8 MB by default, after the options already given", () => {
    expect(withHeapCap({}).NODE_OPTIONS).toBe("--max-old-space-size=256 --max-semi-space-size=8");
    expect(withHeapCap({ NODE_OPTIONS: "--enable-source-maps" }).NODE_OPTIONS).toBe(
      "--enable-source-maps --max-old-space-size=256 --max-semi-space-size=8",
    );
  });

  it("takes LOOPSCOPE_HEAP_MB, leaves V8's defaults at 0, and never overrides an explicit flag", () => {
    expect(withHeapCap({ LOOPSCOPE_HEAP_MB: "512" }).NODE_OPTIONS).toBe(
      "--max-old-space-size=512 --max-semi-space-size=8",
    );
    expect(withHeapCap({ LOOPSCOPE_HEAP_MB: "0" }).NODE_OPTIONS).toBeUndefined();
    expect(withHeapCap({ NODE_OPTIONS: "--max-old-space-size=1024" }).NODE_OPTIONS).toBe(
      "--max-old-space-size=1024 --max-semi-space-size=8",
    );
    expect(withHeapCap({ NODE_OPTIONS: "--max-old-space-size=1024 --max-semi-space-size=16" }).NODE_OPTIONS).toBe(
      "--max-old-space-size=1024 --max-semi-space-size=16",
    );
  });
});
