import type { TaskInput } from "./bundle-input";
import { isRecord, nonEmptyString, stringOr, toJsonObject, toJsonValue } from "./json-value";

/** tau-bench's Task: {user_id, actions: [{name, kwargs}], instruction, outputs}. */
export function mapTauBenchTask(id: string, raw: unknown): TaskInput {
  const task: TaskInput = { id };
  if (!isRecord(raw)) return task;
  const goal = stringOr(raw.instruction);
  if (goal !== undefined) task.goal = goal;
  const userId = nonEmptyString(raw.user_id);
  if (userId !== undefined) task.userFacts = { userId };
  if (Array.isArray(raw.actions)) {
    task.expectedActions = raw.actions.filter(isRecord).flatMap((action) => {
      const name = nonEmptyString(action.name);
      return name === undefined
        ? []
        : [{ name, arguments: toJsonObject(action.kwargs) ?? toJsonObject(action.arguments) ?? {} }];
    });
  }
  if (Array.isArray(raw.outputs))
    task.requiredReplyInfo = raw.outputs.map((item) => stringOr(item) ?? JSON.stringify(item));
  if (raw.actions !== undefined || raw.outputs !== undefined) {
    const criteria = toJsonValue({ actions: raw.actions, outputs: raw.outputs });
    if (criteria !== undefined) task.evaluationCriteria = criteria;
  }
  return task;
}
