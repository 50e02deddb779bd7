import { describe, expect, it } from "vitest";
import { describeRunSetting, readRunSetting } from "./run-setting";

describe("describeRunSetting", () => {
  it("is empty for the default setting and for missing metadata", () => {
    expect(describeRunSetting({ userMode: "default", policyVariant: null, taskSetVersion: 1 })).toEqual({
      key: "",
      label: "",
    });
    expect(describeRunSetting(null)).toEqual({ key: "", label: "" });
    expect(describeRunSetting("not an object")).toEqual({ key: "", label: "" });
  });

  it("names the user mode and the policy variant", () => {
    expect(describeRunSetting({ userMode: "no-user", policyVariant: "v2" })).toEqual({
      key: "user=no-user|policy=v2",
      label: "no-user, policy v2",
    });
    expect(describeRunSetting({ userMode: "dummy-user" })).toEqual({ key: "user=dummy-user", label: "dummy-user" });
    expect(describeRunSetting({ policyVariant: "workflow" })).toEqual({
      key: "policy=workflow",
      label: "policy workflow",
    });
  });
});

describe("readRunSetting", () => {
  it("ignores values of the wrong type", () => {
    expect(readRunSetting({ userMode: 3, policyVariant: "", taskSetVersion: 1.5 })).toEqual({
      userMode: "default",
      policyVariant: null,
      taskSetVersion: null,
    });
    expect(readRunSetting({ taskSetVersion: 2 }).taskSetVersion).toBe(2);
  });
});
