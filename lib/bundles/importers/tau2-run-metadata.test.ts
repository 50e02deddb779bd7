import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { REAL_DATA_DIR, REAL_DATA_SKIP_REASON, realDataFile } from "@/lib/testing/real-data";
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
      user_info: {
        implementation: "dummy_user",
        llm: "gpt-4.1-2025-04-14",
        llm_args: { temperature: 0 },
        global_simulation_guidelines: "long text",
      },
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

describe.skipIf(!REAL_DATA_DIR)(
  REAL_DATA_DIR
    ? "tau2 run metadata of real files"
    : `tau2 run metadata of real files: skipped, ${REAL_DATA_SKIP_REASON}`,
  () => {
    function read(name: string): { document: Record<string, unknown>; info: Record<string, unknown> } {
      const document = JSON.parse(readFileSync(realDataFile(name), "utf8")) as Record<string, unknown>;
      return { document, info: document.info as Record<string, unknown> };
    }

    it("reads the no-user mode, trials and seed of the gpt-4.1 telecom file", () => {
      const { document, info } = read("gpt-4.1-2025-04-14_telecom_no-user_gpt-4.1-2025-04-14_4trials_5tasks.json");
      expect(extractTau2RunMetadata(document, info)).toMatchObject({
        userMode: "no-user",
        num_trials: 4,
        max_steps: 200,
        seed: 300,
        agentModel: "gpt-4.1-2025-04-14",
        domainName: "telecom",
        policyVariant: null,
      });
    });

    it("reads the default user mode and a routed model of the grok-3 airline file", () => {
      const { document, info } = read("2025-10-13T11:40:16.379079_airline_llm_agent_grok-3_user_simulator_grok-3.json");
      expect(extractTau2RunMetadata(document, info)).toMatchObject({
        userMode: "default",
        agentModel: "xai/grok-3",
        userModel: "xai/grok-3",
        agentModelArgs: { temperature: 0 },
        tau2Version: "b3af1655ec1cab37b53bb9a517f3e6dbd7f7e9a8",
      });
    });
  },
);
