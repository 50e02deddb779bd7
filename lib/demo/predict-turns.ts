import type { JsonValue } from "@/lib/bundles/schema/common";
import { JUDGE_NAME, type ModelProfile } from "./model-profiles";
import { randomFor, type Random } from "./random";
import type { DemoScenario } from "./scenario";
import type { DemoTurnPrediction, JsonObject, ToolCall } from "./types";

const GENERIC_REPLIES = [
  "I understand your concern. Let me look into this for you right away.",
  "Thank you for reaching out to Acme Support! Could you please provide more details about your issue?",
  "I apologize for any inconvenience this may have caused. I will do my best to help you.",
  "Is there anything else I can help you with today?",
];
const PREAMBLES = [
  "Thank you so much for contacting Acme Support, I completely understand how frustrating this must be!",
  "Absolutely, I would be more than happy to help you with that today.",
  "Great question! Let me explain how this works here at Acme.",
];
const REWORDINGS: Array<[RegExp, string]> = [
  [/\bI can\b/g, "I am able to"],
  [/Shall I go ahead\?/g, "Would you like me to proceed with this?"],
  [/Shall I make that change\?/g, "Should I update it for you?"],
  [/Shall I cancel it\?/g, "Do you want me to cancel it for you?"],
  [/Done:/g, "All set!"],
  [/original payment method/g, "card on file"],
  [/\bwithin\b/g, "in"],
  [/I couldn't find/g, "There is no record of"],
  [/What is the email address on your account\?/g, "Could you share the email you used to sign up?"],
  [/Updated:/g, "Your address change is complete:"],
  [/will now ship to/g, "is now going to"],
  [/is cancelled/g, "has been successfully canceled"],
  [/charge will be released/g, "money will return to your account"],
  [/I have transferred you to/g, "You are now connected with"],
  [/They will reply/g, "Expect to hear back"],
  [/\brefund\b/g, "reimbursement"],
  [/\border\b/g, "purchase"],
];
const WRONG_TOOLS: Record<string, string> = {
  lookup_order: "get_order",
  get_customer: "find_customer",
  list_orders: "get_orders",
  check_policy: "get_policy",
  refund_payment: "issue_refund",
  update_address: "change_address",
  cancel_order: "cancel_purchase",
  transfer_to_human: "escalate",
};

function predictText(
  reference: string,
  profile: ModelProfile,
  shared: number,
  rng: Random,
): { text: string; success: boolean; category?: string } {
  if (shared < profile.offTarget)
    return { text: rng.pick(GENERIC_REPLIES), success: rng.chance(0.05), category: "off_topic" };
  let text = reference;
  for (const [pattern, replacement] of REWORDINGS)
    if (rng.chance(profile.rewording)) text = text.replace(pattern, replacement);
  if (rng.chance(profile.preamble)) text = `${rng.pick(PREAMBLES)} ${text}`;
  if (rng.chance(profile.preamble / 2)) text = `${text} Is there anything else I can help you with today?`;
  const success = rng.chance(profile.textJudge);
  return success
    ? { text, success }
    : { text, success, category: rng.pick(["incomplete", "tone", "unsupported_claim"]) };
}

function corruptValue(value: JsonValue): JsonValue {
  if (typeof value === "number") return value / 100;
  if (typeof value === "string")
    return value.startsWith("W-") ? value.slice(2) : value.endsWith("s") ? value.slice(0, -1) : `${value}s`;
  return null;
}

type Action = { toolCall: ToolCall } | { text: string };

function predictTool(
  reference: ToolCall,
  profile: ModelProfile,
  shared: number,
  rng: Random,
): { prediction: Action; success: boolean; category?: string } {
  if (shared < profile.exactCall) return { prediction: { toolCall: reference }, success: rng.chance(0.88) };
  const keys = Object.keys(reference.arguments);
  const roll = rng.next();
  if (roll < 0.4 && keys.length > 0) {
    const key = rng.pick(keys);
    const args: JsonObject = { ...reference.arguments, [key]: corruptValue(reference.arguments[key] ?? null) };
    return {
      prediction: { toolCall: { name: reference.name, arguments: args } },
      success: rng.chance(0.1),
      category: "wrong_arguments",
    };
  }
  if (roll < 0.6 && keys.length > 1) {
    const drop = rng.pick(keys);
    const args = Object.fromEntries(Object.entries(reference.arguments).filter(([key]) => key !== drop));
    return {
      prediction: { toolCall: { name: reference.name, arguments: args } },
      success: rng.chance(0.15),
      category: "missing_arguments",
    };
  }
  if (roll < 0.6 + 0.2 * profile.hallucination) {
    const name = WRONG_TOOLS[reference.name] ?? `${reference.name}_v2`;
    return {
      prediction: { toolCall: { name, arguments: reference.arguments } },
      success: false,
      category: "wrong_tool",
    };
  }
  const text = rng.pick([
    "Let me check that for you.",
    "Could you confirm your order number first?",
    "I will take care of that now.",
  ]);
  return { prediction: { text }, success: rng.chance(0.05), category: "no_tool_call" };
}

/** One gold-history prediction per agent decision of the reference conversation. */
export function predictTurns(scenario: DemoScenario, profile: ModelProfile): DemoTurnPrediction[] {
  const predictions: DemoTurnPrediction[] = [];
  let position = 0;
  for (const step of scenario.script) {
    // `turn` is the position of the gold agent message in task.referenceConversation.
    const turn = position;
    position += step.role === "tool" ? 2 : 1;
    if (step.role === "user") continue;
    // Paired runs share the draw that decides whether a turn is on target, so SFT's gain is not drowned in sampling noise.
    const shared = randomFor("turn", profile.pairingKey, scenario.task.id, turn).next();
    const rng = randomFor("turn", profile.run.id, scenario.task.id, turn);
    const common = { run: profile.run.id, task: scenario.task.id, turn };
    if (step.role === "agent") {
      const predicted = predictText(step.text, profile, shared, rng);
      const judge = predicted.success
        ? { name: JUDGE_NAME, success: true, rationale: "Conveys the same decision and facts as the reference." }
        : {
            name: JUDGE_NAME,
            success: false,
            failureCategory: predicted.category ?? "other",
            rationale: "Does not make the decision the reference makes at this point.",
          };
      predictions.push({
        ...common,
        kind: "text",
        reference: { text: step.text },
        prediction: { text: predicted.text },
        judge,
      });
    } else {
      const predicted = predictTool(step.call, profile, shared, rng);
      const judge = predicted.success
        ? {
            name: JUDGE_NAME,
            success: true,
            rationale: "Calls the right tool with arguments that achieve the same effect.",
          }
        : {
            name: JUDGE_NAME,
            success: false,
            failureCategory: predicted.category ?? "other",
            rationale: "The call would not have the effect of the reference call.",
          };
      predictions.push({
        ...common,
        kind: "tool",
        reference: { toolCall: step.call },
        prediction: predicted.prediction,
        judge,
      });
    }
  }
  return predictions;
}
