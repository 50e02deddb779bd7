import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseUploadOptions } from "./upload-options";

describe("parseUploadOptions", () => {
  it("reads repeated tags, variant and pair from the query string and multipart fields", () => {
    const fields = new Map([
      ["tag", ["owner=ana"]],
      ["variant", ["sft"]],
    ]);
    expect(
      parseUploadOptions("http://x/api/bundles?tag=experiment%3Dsft-v2&tag=batch%3D3&pair=gpt-4.1", fields),
    ).toEqual({
      tags: { experiment: "sft-v2", batch: "3", owner: "ana" },
      variant: "sft",
      pair: "gpt-4.1",
    });
  });

  it("gives nothing for an upload without options and treats empty fields as absent", () => {
    expect(
      parseUploadOptions(
        "http://x/api/bundles",
        new Map([
          ["variant", [""]],
          ["tag", [""]],
        ]),
      ),
    ).toEqual({ tags: {} });
  });

  it("rejects a malformed tag with a located issue", () => {
    try {
      parseUploadOptions("http://x/api/bundles?tag=broken");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(z.ZodError);
      const issue = error instanceof z.ZodError ? error.issues[0] : undefined;
      expect(issue?.path).toEqual(["tag", 0]);
      expect(issue?.message).toBe('tag "broken" must be written key=value');
    }
  });

  it("reads a judge review's label mapping from ?labels= or a field, and locates a bad one", () => {
    expect(parseUploadOptions("http://x/api/bundles?labels=satisfactory:pass,failure:fail")).toEqual({
      tags: {},
      judgeLabels: { satisfactory: "pass", failure: "fail" },
    });
    expect(parseUploadOptions("http://x/api/bundles", new Map([["labels", ["compliant:pass"]]]))).toEqual({
      tags: {},
      judgeLabels: { compliant: "pass" },
    });
    try {
      parseUploadOptions("http://x/api/bundles?labels=compliant:ok");
      expect.unreachable();
    } catch (error) {
      const issue = error instanceof z.ZodError ? error.issues[0] : undefined;
      expect(issue?.path).toEqual(["labels"]);
      expect(issue?.message).toBe('"compliant:ok" is not verdict:pass or verdict:fail');
    }
  });
});
