import type { JsonObject } from "../schema/common";
import { isRecord, nonEmptyString, stringOr, toJsonValue } from "./json-value";
import { putDefined } from "./run-metadata-common";

// tau2 registers some policy variants as their own domain name (telecom-workflow shares telecom's tasks).
const POLICY_VARIANT_DOMAINS = /^(.+)-(workflow)$/;

export interface Tau2DomainParts {
  /** The domain whose tasks the run used: the suite. */
  domain: string;
  /** A policy variant named by the domain ("workflow" for telecom-workflow), else null. */
  policyVariant: string | null;
}

export function splitTau2Domain(domainName: string): Tau2DomainParts {
  const match = POLICY_VARIANT_DOMAINS.exec(domainName);
  if (match?.[1] && match[2]) return { domain: match[1], policyVariant: match[2] };
  return { domain: domainName, policyVariant: null };
}

/**
 * tau2's user modes: a solo agent (llm_agent_solo) or the dummy user means nobody answers
 * the agent ("no-user"); the LLM user simulator is the default; anything else keeps its name.
 */
export function tau2UserMode(agentImplementation: string | undefined, userImplementation: string | undefined): string {
  if (agentImplementation?.endsWith("_solo") || userImplementation === "dummy_user") return "no-user";
  if (userImplementation === undefined || userImplementation === "user_simulator") return "default";
  return userImplementation.replace(/_/g, "-");
}

/** Keys of info that are copied unchanged (their tau2 names, kept for existing readers). */
const COPIED_INFO_KEYS = ["git_commit", "num_trials", "max_steps", "max_errors", "seed"] as const;

/**
 * What a tau2 results file says about its run, for Run.metadata: agent and user models with
 * their arguments, user mode, domain and policy variant, trials, max steps, seed, tau2
 * version (git commit) and timestamp. The file name is kept on the bundle. See docs/importers.md.
 */
export function extractTau2RunMetadata(document: Record<string, unknown>, info: Record<string, unknown>): JsonObject {
  const agent = isRecord(info.agent_info) ? info.agent_info : {};
  const user = isRecord(info.user_info) ? info.user_info : {};
  const environment = isRecord(info.environment_info) ? info.environment_info : {};
  const metadata: JsonObject = { source: "tau2" };
  putDefined(metadata, "timestamp", stringOr(document.timestamp));
  for (const key of COPIED_INFO_KEYS) putDefined(metadata, key, toJsonValue(info[key]));
  putDefined(metadata, "tau2Version", nonEmptyString(info.git_commit));
  putDefined(metadata, "agentImplementation", nonEmptyString(agent.implementation));
  putDefined(metadata, "agentModel", nonEmptyString(agent.llm));
  putDefined(metadata, "agentModelArgs", toJsonValue(agent.llm_args));
  putDefined(metadata, "userImplementation", nonEmptyString(user.implementation));
  putDefined(metadata, "userModel", nonEmptyString(user.llm));
  putDefined(metadata, "userModelArgs", toJsonValue(user.llm_args));
  metadata.userMode = tau2UserMode(nonEmptyString(agent.implementation), nonEmptyString(user.implementation));
  const domainName = nonEmptyString(environment.domain_name);
  putDefined(metadata, "domainName", domainName);
  metadata.policyVariant = domainName === undefined ? null : splitTau2Domain(domainName).policyVariant;
  return metadata;
}
