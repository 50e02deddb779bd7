import type { JsonObject } from "../schema/common";
import type { ConversionLog, TaskInput } from "./bundle-input";
import { idString, isRecord, nonEmptyString, stringOr, toJsonObject, toJsonValue } from "./json-value";

const INSTRUCTION_SECTIONS: ReadonlyArray<[key: string, heading: string]> = [
  ["domain", "Domain"],
  ["reason_for_call", "Reason for call"],
  ["known_info", "Known info"],
  ["unknown_info", "Unknown info"],
  ["task_instructions", "Task instructions"],
];

/** Renders tau2's structured user instructions the way tau2 itself prints them to the user simulator. */
export function renderInstructions(instructions: unknown): string | undefined {
  if (typeof instructions === "string") return instructions;
  if (!isRecord(instructions)) return undefined;
  const sections: string[] = [];
  const known = new Set<string>();
  for (const [key, heading] of INSTRUCTION_SECTIONS) {
    known.add(key);
    const text = nonEmptyString(instructions[key]);
    if (text !== undefined) sections.push(key === "domain" ? `${heading}: ${text}` : `${heading}:\n${text.trim()}`);
  }
  // Newer tau2 versions may add fields; show them rather than lose them.
  for (const [key, value] of Object.entries(instructions)) {
    if (known.has(key) || value === null || value === undefined) continue;
    const text = typeof value === "string" ? value : JSON.stringify(value);
    sections.push(`${key}:\n${text}`);
  }
  return sections.length > 0 ? sections.join("\n\n") : undefined;
}

function userFacts(scenario: Record<string, unknown>, ticket: unknown): JsonObject | undefined {
  const facts: JsonObject = {};
  const instructions = scenario.instructions;
  if (isRecord(instructions)) {
    const known = nonEmptyString(instructions.known_info);
    const unknown = nonEmptyString(instructions.unknown_info);
    if (known !== undefined) facts.knownInfo = known;
    if (unknown !== undefined) facts.unknownInfo = unknown;
  }
  // The ticket is what a solo agent receives instead of a user: facts about the user's situation.
  const ticketText = nonEmptyString(ticket);
  if (ticketText !== undefined) facts.ticket = ticketText;
  return Object.keys(facts).length > 0 ? facts : undefined;
}

function expectedActions(criteria: Record<string, unknown>): TaskInput["expectedActions"] {
  if (!Array.isArray(criteria.actions)) return undefined;
  const actions: NonNullable<TaskInput["expectedActions"]> = [];
  for (const action of criteria.actions) {
    if (!isRecord(action)) continue;
    // User-side actions (telecom dual control) are the simulated user's job, not the agent's.
    if (action.requestor === "user") continue;
    const name = nonEmptyString(action.name);
    if (name === undefined) continue;
    actions.push({ name, arguments: toJsonObject(action.arguments) ?? {} });
  }
  return actions;
}

function expectedBehavior(description: unknown): string | undefined {
  if (typeof description === "string") return nonEmptyString(description);
  if (!isRecord(description)) return undefined;
  const parts: string[] = [];
  const purpose = nonEmptyString(description.purpose);
  const policies = nonEmptyString(description.relevant_policies);
  const notes = nonEmptyString(description.notes);
  if (purpose !== undefined) parts.push(purpose);
  if (policies !== undefined) parts.push(`Relevant policies: ${policies}`);
  if (notes !== undefined) parts.push(`Notes: ${notes}`);
  return parts.length > 0 ? parts.join("\n\n") : undefined;
}

/** tau2 telecom ids read "[category]scenario[PERSONA:level]": the bracketed parts are useful strata. */
function tagsFromId(id: string): string[] {
  const tags: string[] = [];
  for (const match of id.matchAll(/\[([^\]]+)\]/g)) {
    const inner = match[1]?.trim();
    if (!inner) continue;
    const persona = /^PERSONA:(.+)$/i.exec(inner);
    if (persona?.[1]) {
      if (persona[1].toLowerCase() !== "none") tags.push(`persona:${persona[1]}`);
    } else {
      tags.push(inner);
    }
  }
  return tags;
}

export function mapTau2Task(raw: unknown, path: string, log: ConversionLog): TaskInput | undefined {
  if (!isRecord(raw)) {
    log.issues.push({ path, message: "a task must be a JSON object" });
    return undefined;
  }
  const id = idString(raw.id);
  if (id === undefined) {
    log.issues.push({ path: `${path}.id`, message: "a task needs an id" });
    return undefined;
  }
  const task: TaskInput = { id, tags: tagsFromId(id) };
  const scenario = isRecord(raw.user_scenario) ? raw.user_scenario : undefined;
  if (scenario) {
    const goal = renderInstructions(scenario.instructions);
    if (goal !== undefined) task.goal = goal;
    const persona =
      typeof scenario.persona === "string"
        ? nonEmptyString(scenario.persona)?.trim()
        : isRecord(scenario.persona)
          ? JSON.stringify(scenario.persona)
          : undefined;
    if (persona !== undefined) task.persona = persona;
  }
  const facts = userFacts(scenario ?? {}, raw.ticket);
  if (facts) task.userFacts = facts;
  const initialState = toJsonObject(raw.initial_state);
  if (initialState) task.initialState = initialState;
  const behavior = expectedBehavior(raw.description);
  if (behavior !== undefined) task.expectedBehavior = behavior;
  if (isRecord(raw.evaluation_criteria)) {
    const criteria = raw.evaluation_criteria;
    const verbatim = toJsonValue(criteria);
    if (verbatim !== undefined) task.evaluationCriteria = verbatim;
    const actions = expectedActions(criteria);
    if (actions) task.expectedActions = actions;
    if (Array.isArray(criteria.communicate_info)) {
      task.requiredReplyInfo = criteria.communicate_info.map((item) => stringOr(item) ?? JSON.stringify(item));
    }
  }
  return task;
}
