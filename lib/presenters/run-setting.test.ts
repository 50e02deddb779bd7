import { describe, expect, it } from "vitest";
import { describeRunSetting } from "./run-setting";

describe("describeRunSetting", () => {
  it("gives the default setting an empty key and label", () => {
    expect(describeRunSetting(null)).toEqual({ key: "", label: "" });
    expect(describeRunSetting({ userMode: "default", policyVariant: null })).toEqual({ key: "", label: "" });
    expect(describeRunSetting(["no-user"])).toEqual({ key: "", label: "" });
  });

  it("names a non-default user mode and a policy variant", () => {
    expect(describeRunSetting({ userMode: "no-user" })).toEqual({ key: "user=no-user", label: "no-user" });
    expect(describeRunSetting({ userMode: "no-user", policyVariant: "v2", taskSetVersion: 2 })).toEqual({
      key: "user=no-user|policy=v2",
      label: "no-user, policy v2",
    });
  });
});
