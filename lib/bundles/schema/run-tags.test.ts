import { describe, expect, it } from "vitest";
import { readRunTags, RunTagsSchema, TagListSchema, TagPairSchema } from "./run-tags";

describe("tags", () => {
  it("reads key=value lists from repeated fields, lines and commas", () => {
    expect(TagListSchema.parse(["experiment=sft-v2", "owner = ana\nbatch=3,note=a=b"])).toEqual({
      experiment: "sft-v2",
      owner: "ana",
      batch: "3",
      note: "a=b",
    });
    expect(TagListSchema.parse(["k=1", "k=2"])).toEqual({ k: "2" });
    expect(TagListSchema.parse([" ", ""])).toEqual({});
  });

  it("refuses a tag without '=' or with an empty key, saying which", () => {
    const missing = TagPairSchema.safeParse("experiment");
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.message).toBe('tag "experiment" must be written key=value');
    expect(TagPairSchema.safeParse("=v").success).toBe(false);
    expect(TagPairSchema.safeParse("a b=v").success).toBe(false);
  });

  it("bounds the number of tags", () => {
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, "v"]));
    expect(RunTagsSchema.safeParse(many).success).toBe(false);
  });

  it("reads stored tags defensively", () => {
    expect(readRunTags({ a: "1", b: 2 })).toEqual({ a: "1" });
    expect(readRunTags(null)).toEqual({});
    expect(readRunTags(["a"])).toEqual({});
  });
});
