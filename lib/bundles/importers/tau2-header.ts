import type { JsonObject } from "../schema/common";
import type { ConversionLog, RunInput, SuiteInput } from "./bundle-input";
import { fileStem } from "./file-name";
import { inferModel } from "./infer-model";
import { compact, isRecord, nonEmptyString, stringOr, toJsonObject, toJsonValue } from "./json-value";
import { extractTau2RunMetadata, splitTau2Domain } from "./tau2-run-metadata";

type ToolInput = NonNullable<SuiteInput["tools"]>[number];

/** tau2 tool_defs: {name: {name, doc, params, returns}} (ToolSignature); a list is accepted too. */
function mapToolDefs(toolDefs: unknown): ToolInput[] {
  const entries = Array.isArray(toolDefs)
    ? toolDefs.map((def): [string, unknown] => ["", def])
    : isRecord(toolDefs)
      ? Object.entries(toolDefs)
      : [];
  const tools: ToolInput[] = [];
  for (const [key, def] of entries) {
    if (!isRecord(def)) continue;
    const name = nonEmptyString(def.name) ?? nonEmptyString(key);
    if (name === undefined) continue;
    const description = stringOr(def.doc) ?? stringOr(def.description);
    const parameters = toJsonObject(def.params) ?? toJsonObject(def.parameters);
    tools.push(compact({ name, description, parameters }));
  }
  return tools;
}

/** The domain whose tasks the run used; a policy variant registered as its own domain (telecom-workflow) maps to its base. */
export function tau2Domain(info: Record<string, unknown>): string | undefined {
  const environment = isRecord(info.environment_info) ? info.environment_info : {};
  const name = nonEmptyString(environment.domain_name);
  return name === undefined ? undefined : splitTau2Domain(name).domain;
}

export function mapTau2Suite(info: Record<string, unknown>, domain: string, log: ConversionLog): SuiteInput {
  const environment = isRecord(info.environment_info) ? info.environment_info : {};
  const tools = mapToolDefs(environment.tool_defs);
  if (tools.length === 0)
    log.warnings.push("the file has no tool definitions (info.environment_info.tool_defs); the suite lists no tools");
  return compact({ name: `tau2/${domain}`, version: "", domain, policy: stringOr(environment.policy), tools });
}

function component(info: unknown): RunInput["agent"] {
  if (!isRecord(info)) return undefined;
  const config: JsonObject = {};
  for (const [key, value] of Object.entries(info)) {
    if (key === "implementation") continue;
    const converted = toJsonValue(value);
    if (converted !== undefined && converted !== null) config[key] = converted;
  }
  return compact({
    name: nonEmptyString(info.implementation),
    config: Object.keys(config).length > 0 ? config : undefined,
  });
}

export function mapTau2Run(
  document: Record<string, unknown>,
  info: Record<string, unknown>,
  domain: string,
  fileName: string,
  log: ConversionLog,
): RunInput {
  const agentInfo = isRecord(info.agent_info) ? info.agent_info : {};
  const llm = nonEmptyString(agentInfo.llm);
  const model = inferModel(llm ?? "unknown");
  log.warnings.push(
    llm === undefined
      ? 'info.agent_info.llm is missing; the model is recorded as "unknown"'
      : `model "${model.name}" taken from info.agent_info.llm`,
  );
  const metadata = extractTau2RunMetadata(document, info);
  const timestamp = stringOr(document.timestamp);
  if (model.provider !== undefined) metadata.modelProvider = model.provider;
  if (llm !== undefined) metadata.modelId = llm;
  const stem = fileStem(fileName);
  const id = stem !== "" ? stem : `tau2-${domain}-${model.name}${timestamp === undefined ? "" : `-${timestamp}`}`;
  return compact({
    id,
    name: `${model.name} on tau2/${domain}`,
    model: compact({ name: model.name, family: model.family, size: model.size }),
    variant: model.variant,
    pairingKey: model.pairingKey,
    agent: component(info.agent_info),
    userSimulator: component(info.user_info),
    metadata,
  });
}
