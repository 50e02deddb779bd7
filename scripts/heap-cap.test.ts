import { describe, expect, it } from "vitest";
import { withHeapCap } from "./heap-cap.mjs";

describe("withHeapCap", () => {
  it("caps the app's old space at 256 MB by default, after the options already given", () => {
    expect(withHeapCap({}).NODE_OPTIONS).toBe("--max-old-space-size=256");
    expect(withHeapCap({ NODE_OPTIONS: "--enable-source-maps" }).NODE_OPTIONS).toBe(
      "--enable-source-maps --max-old-space-size=256",
    );
  });

  it("takes LOOPSCOPE_HEAP_MB, leaves V8's default at 0, and never overrides an explicit cap", () => {
    expect(withHeapCap({ LOOPSCOPE_HEAP_MB: "512" }).NODE_OPTIONS).toBe("--max-old-space-size=512");
    expect(withHeapCap({ LOOPSCOPE_HEAP_MB: "0" }).NODE_OPTIONS).toBeUndefined();
    expect(withHeapCap({ NODE_OPTIONS: "--max-old-space-size=1024" }).NODE_OPTIONS).toBe("--max-old-space-size=1024");
  });
});
