import { fileStem } from "./file-name";
import { isRecord, nonEmptyString } from "./json-value";

export const TAU_BENCH_DOMAINS = ["airline", "retail"] as const;

const MODEL_KEYS = ["model", "model_name", "agent_model"] as const;

// tau_bench/run.py: {strategy}-{model with / as _}-{temperature}_range_{start}-{end}_user-{user model}-{user strategy}_{time}.json
const RUN_PY_NAME =
  /^(tool-calling|act|react|few-shot|orchestrated-tool-calling)-(.+)-(\d+(?:\.\d+)?)_range_-?\d+--?\d+_user-(.+)-([a-z]+)_[^_]+$/;
// historical_trajectories: {model}-{domain}.json
const MODEL_DOMAIN_NAME = new RegExp(`^(.+)-(${TAU_BENCH_DOMAINS.join("|")})$`);
const POLICY_HEADING = /^#\s*([A-Za-z]+)\s+agent\s+policy/im;

export interface TauBenchSource {
  model?: string;
  modelFrom?: "content" | "file name";
  domain?: string;
  domainFrom?: "content" | "file name";
  agentStrategy?: string;
  temperature?: number;
  userModel?: string;
  userStrategy?: string;
}

/** Any result or message that names a model (no tau-bench version writes one today, forks might). */
function modelInContent(results: Record<string, unknown>[]): string | undefined {
  for (const result of results) {
    const holders: unknown[] = [result, result.info, ...(Array.isArray(result.traj) ? result.traj : [])];
    for (const holder of holders) {
      if (!isRecord(holder)) continue;
      for (const key of MODEL_KEYS) {
        const model = nonEmptyString(holder[key]);
        if (model !== undefined) return model;
      }
    }
  }
  return undefined;
}

/** The system prompt of a tau-bench agent is the domain's wiki, which opens "# Airline Agent Policy". */
function domainInContent(results: Record<string, unknown>[]): string | undefined {
  for (const result of results) {
    const first: unknown = Array.isArray(result.traj) ? result.traj[0] : undefined;
    if (!isRecord(first) || first.role !== "system" || typeof first.content !== "string") continue;
    const heading = POLICY_HEADING.exec(first.content);
    if (heading?.[1]) return heading[1].toLowerCase();
  }
  return undefined;
}

function fromFileName(fileName: string): Omit<TauBenchSource, "modelFrom" | "domainFrom"> {
  const stem = fileStem(fileName);
  const runPy = RUN_PY_NAME.exec(stem);
  if (runPy) {
    const [, agentStrategy, model, temperature, userModel, userStrategy] = runPy;
    return { agentStrategy, model, temperature: Number(temperature), userModel, userStrategy };
  }
  const modelDomain = MODEL_DOMAIN_NAME.exec(stem);
  if (modelDomain) return { model: modelDomain[1], domain: modelDomain[2] };
  const domain = TAU_BENCH_DOMAINS.find((name) => new RegExp(`(^|[^a-z])${name}([^a-z]|$)`, "i").test(stem));
  return domain === undefined ? {} : { domain };
}

/** Model and domain from the content where it names them, else from the file name. */
export function describeTauBenchSource(results: Record<string, unknown>[], fileName: string): TauBenchSource {
  const named = fromFileName(fileName);
  const source: TauBenchSource = {};
  if (named.agentStrategy !== undefined) source.agentStrategy = named.agentStrategy;
  if (named.temperature !== undefined) source.temperature = named.temperature;
  if (named.userModel !== undefined) source.userModel = named.userModel;
  if (named.userStrategy !== undefined) source.userStrategy = named.userStrategy;
  const contentModel = modelInContent(results);
  if (contentModel !== undefined) Object.assign(source, { model: contentModel, modelFrom: "content" });
  else if (named.model !== undefined) Object.assign(source, { model: named.model, modelFrom: "file name" });
  const contentDomain = domainInContent(results);
  if (contentDomain !== undefined) Object.assign(source, { domain: contentDomain, domainFrom: "content" });
  else if (named.domain !== undefined) Object.assign(source, { domain: named.domain, domainFrom: "file name" });
  return source;
}
