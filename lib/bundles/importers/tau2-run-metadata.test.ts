import { describe, expect, it } from "vitest";
import { extractTau2RunMetadata, splitTau2Domain, tau2UserMode } from "./tau2-run-metadata";

describe("extractTau2RunMetadata", () => {
  it("keeps models, their arguments, user mode, trials, steps, seed, version and timestamp", () => {
    const info = {
      git_commit: "21e5e57",
      num_trials: 4,
      max_steps: 200,
      max_errors: 10,
      seed: 300,
      agent_info: { implementation: "llm_agent_solo", llm: "gpt-4.1-2025-04-14", llm_args: { temperature: 0 } },
      user_info: { implementation: "dummy_user", llm: "gpt-4.1-2025-04-14", llm_args: { temperature: 0 }, global_simulation_guidelines: "long text" },
      environment_info: { domain_name: "telecom", policy: "..." },
    };
    expect(extractTau2RunMetadata({ timestamp: "2025-07-17T15:10:57.604036" }, info)).toEqual({
      source: "tau2",
      timestamp: "2025-07-17T15:10:57.604036",
      git_commit: "21e5e57",
      num_trials: 4,
      max_steps: 200,
      max_errors: 10,
      seed: 300,
      tau2Version: "21e5e57",
      agentImplementation: "llm_agent_solo",
      agentModel: "gpt-4.1-2025-04-14",
      agentModelArgs: { temperature: 0 },
      userImplementation: "dummy_user",
      userModel: "gpt-4.1-2025-04-14",
      userModelArgs: { temperature: 0 },
      userMode: "no-user",
      domainName: "telecom",
      policyVariant: null,
    });
  });

  it("records only what is there", () => {
    expect(extractTau2RunMetadata({}, {})).toEqual({ source: "tau2", userMode: "default", policyVariant: null });
  });
});

describe("tau2 settings", () => {
  it("names the user mode", () => {
    expect(tau2UserMode("llm_agent", "user_simulator")).toBe("default");
    expect(tau2UserMode("llm_agent_solo", "dummy_user")).toBe("no-user");
    expect(tau2UserMode("llm_agent_gt", "dummy_user")).toBe("no-user");
    expect(tau2UserMode("llm_agent", "scripted_user")).toBe("scripted-user");
    expect(tau2UserMode(undefined, undefined)).toBe("default");
  });

  it("reads a policy variant registered as a domain", () => {
    expect(splitTau2Domain("telecom-workflow")).toEqual({ domain: "telecom", policyVariant: "workflow" });
    expect(splitTau2Domain("airline")).toEqual({ domain: "airline", policyVariant: null });
  });
});
