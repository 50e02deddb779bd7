import { AcmeEnvironment } from "./acme-environment";
import { newAddressAt, makeOrder, type Order } from "./acme-data";
import type { QuestionTopic, RequestSpec, TaskSpec } from "./acme-tasks";
import { addressCore, cancelCore, escalateCore, refundCore, type Core } from "./scenario-cores";
import { ScriptWriter } from "./script-writer";
import type { DemoScenario } from "./scenario";
import type { DemoTask, Persona, ScriptStep, WriteVariants } from "./types";

type ReferenceMessage = NonNullable<DemoTask["referenceConversation"]>[number];

// Same customer as the task's order (customers repeat every 8 order numbers), never a task order itself.
const BACKGROUND_OFFSET = 400;

function orderFor(request: RequestSpec): Order {
  switch (request.kind) {
    case "refund":
      return makeOrder(request.order, "delivered", "2025-06-09");
    case "escalate":
      return makeOrder(request.order, "delivered", "2025-04-10");
    default:
      return makeOrder(request.order, "processing");
  }
}

function coreFor(request: RequestSpec, order: Order, backgroundId: string): Core {
  switch (request.kind) {
    case "refund":
      return refundCore(order, request.reason);
    case "address":
      return addressCore(order, newAddressAt(request.to));
    case "cancel":
      return cancelCore(order, backgroundId);
    case "escalate":
      return escalateCore(order);
  }
}

/** A tool step becomes two gold messages: the agent's call and the tool's answer. */
export function toReferenceConversation(steps: readonly ScriptStep[]): ReferenceMessage[] {
  return steps.flatMap((step): ReferenceMessage[] =>
    step.role === "tool"
      ? [
          { role: "agent", toolCall: step.call },
          { role: "tool", toolOutput: step.output },
        ]
      : [{ role: step.role, text: step.text }],
  );
}

const capitalize = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

const YES: Record<Persona, string> = {
  power: "Yes, go ahead.",
  ambiguous: "Yes, please.",
  confused: "Uh, I think so... yes, do that.",
};

/** Opening turns up to and including identification: where the personas differ most. */
function writeOpening(w: ScriptWriter, persona: Persona, cores: Core[]): void {
  const first = cores[0];
  if (!first) return;
  const { customer } = first.order;
  const requests = capitalize(cores.map((core) => core.request).join(", and also "));
  if (persona === "power") {
    w.user(`Hi. ${requests}. My email is ${customer.email}.`);
    w.call("get_customer", { email: customer.email });
    return;
  }
  const vague = cores.length > 1 ? "I have a couple of problems with my orders" : first.vague;
  if (persona === "ambiguous") {
    w.user(`Hi, ${vague}.`);
    w.agent("I can help with that. What is the email address on your account?");
    w.user(`It's ${customer.email}.`);
    const found = w.call("get_customer", { email: customer.email });
    w.call("list_orders", { customer_id: customer.id });
    w.agent(
      `Thanks, ${customer.name.split(" ")[0] ?? ""}. I see orders ${listIds(found.output)} on your account. Which order is it about, and what would you like me to do?`,
    );
    w.user(`${requests}.`);
    return;
  }
  const wrongId = `W-${Number(first.order.id.slice(2)) + 1000}`;
  w.user(`Hello? ${capitalize(vague)}. Sorry, I'm not good with these things.`);
  w.agent("I'm sorry about the trouble. Could you give me the email on your account and the order number?");
  w.user(`Um, ${customer.email}. The order number is ${wrongId}, I think?`);
  const found = w.call("get_customer", { email: customer.email });
  w.call("lookup_order", { order_id: wrongId });
  w.agent(
    `I couldn't find order ${wrongId}. Your account has orders ${listIds(found.output)}. Which one do you mean, and what should I do with it?`,
  );
  w.user(`Oh, sorry. ${requests}.`);
}

function orderIds(output: unknown): string[] {
  if (output === null || typeof output !== "object" || !("order_ids" in output) || !Array.isArray(output.order_ids))
    return [];
  return output.order_ids.filter((id): id is string => typeof id === "string");
}

function listIds(output: unknown): string {
  const ids = orderIds(output);
  return ids.length > 1 ? `${ids.slice(0, -1).join(", ")} and ${ids[ids.length - 1] ?? ""}` : ids.join("");
}

const QUESTIONS: Record<QuestionTopic, { question: string; answer: string; wrong: string; required: string[] }> = {
  refund_time: {
    question: "How long does a refund take to reach my card?",
    answer: "Refunds reach your original payment method within 5-7 business days after we issue them.",
    wrong: "Refunds are instant, you should already see the money on your card.",
    required: ["5-7 business days"],
  },
  refund_window: {
    question: "How long after delivery can I still ask for a refund?",
    answer: "You can request a refund within 30 days of delivery; after that our billing team has to review it.",
    wrong: "You can ask for a refund within 14 days of delivery.",
    required: ["30 days"],
  },
  shipped_address: {
    question: "Can I still change the shipping address after my order has shipped?",
    answer:
      "No. The address can only be changed while the order is still processing; once it has shipped it cannot be changed.",
    wrong: "Yes, just tell me the new address and I will update it at any time.",
    required: ["processing"],
  },
  return_fee: {
    question: "Do I have to pay for return shipping?",
    answer: "Returns of damaged items are free; any other return costs a $6.95 label fee.",
    wrong: "Return shipping is always free.",
    required: ["$6.95"],
  },
  cancel_release: {
    question: "If I cancel an order, when is the charge released?",
    answer: "When a processing order is cancelled, the charge is released within 3-5 business days.",
    wrong: "The charge is released right away when you cancel.",
    required: ["3-5 business days"],
  },
};

function questionScenario(spec: TaskSpec & { question: QuestionTopic; order: number }): DemoScenario {
  const order = makeOrder(spec.order, "delivered", "2025-06-02");
  const makeEnvironment = () => new AcmeEnvironment([order]);
  const env = makeEnvironment();
  const state = env.snapshot();
  const w = new ScriptWriter(env);
  const { question, answer, wrong, required } = QUESTIONS[spec.question];
  if (spec.persona === "ambiguous") {
    w.user("Hi, I have a question about my order.");
    w.agent("Happy to help. What would you like to know?");
  } else if (spec.persona === "confused") {
    w.user("I sent something back, I think? Do I get money or do I pay something now?");
    w.agent("I'd be glad to help. Could you tell me exactly what you would like to know?");
  }
  w.user(spec.persona === "confused" ? `Sorry. ${question}` : question);
  w.agent(answer);
  return {
    task: {
      id: spec.id,
      goal: `Ask: "${question}" and get a correct answer from the policy.`,
      userFacts: { email: order.customer.email },
      initialState: state,
      expectedFinalState: state,
      requiredReplyInfo: required,
      expectedBehavior: "Answer from the policy without calling any tool or changing anything.",
      expectedActions: [],
      requiresTools: false,
      persona: spec.persona,
      tags: ["question", "no-tools"],
      referenceConversation: toReferenceConversation(w.steps),
    },
    kind: "question",
    script: w.steps,
    baseSuccess: spec.baseSuccess,
    writeSteps: [],
    initialState: state,
    expectedFinalState: state,
    makeEnvironment,
    wrongAnswer: wrong,
  };
}

export function buildScenario(spec: TaskSpec): DemoScenario {
  if ("question" in spec) return questionScenario(spec);
  const orders = spec.requests.map(orderFor);
  const firstOrder = orders[0];
  if (!firstOrder) throw new Error(`task ${spec.id} has no request`);
  const background = makeOrder(Number(firstOrder.id.slice(2)) + BACKGROUND_OFFSET, "delivered", "2025-05-02");
  const cores = spec.requests.map((request, index) => coreFor(request, orders[index] ?? firstOrder, background.id));
  const makeEnvironment = () => new AcmeEnvironment([...orders, background]);
  const env = makeEnvironment();
  const initialState = env.snapshot();
  const w = new ScriptWriter(env);
  writeOpening(w, spec.persona, cores);
  const writeSteps: Array<{ index: number } & WriteVariants> = [];
  const acks: string[] = [];
  cores.forEach((core, index) => {
    if (index > 0)
      w.user(spec.persona === "power" ? "Thanks. Now the second thing, please." : `Thanks. And ${core.request}.`);
    core.lookup(w);
    w.agent(core.confirm);
    w.user(YES[spec.persona]);
    const written = w.call(core.write.name, core.write.arguments);
    writeSteps.push({ index: written.index, ...core.variants });
    acks.push(core.ack(written.output));
    if (index < cores.length - 1) w.agent(acks[index] ?? "");
  });
  // The last message must carry every required string, because it is the final reply that gets checked.
  w.agent(
    acks.length > 1 ? `${acks[acks.length - 1] ?? ""} To recap the first request: ${acks[0] ?? ""}` : (acks[0] ?? ""),
  );
  const expectedFinalState = env.snapshot();
  return {
    task: {
      id: spec.id,
      goal: cores.map((core) => core.goal).join(" Then: "),
      userFacts: Object.assign(
        {},
        ...cores.map((core) => core.userFacts),
        spec.persona === "confused" ? { misremembers_order_id: true } : {},
      ),
      initialState,
      expectedFinalState,
      requiredReplyInfo: cores.flatMap((core) => core.required),
      expectedBehavior: cores.map((core) => core.behavior).join(" "),
      expectedActions: w.steps.flatMap((step) => (step.role === "tool" && !step.error ? [step.call] : [])),
      requiresTools: true,
      persona: spec.persona,
      tags: [...cores.map((core) => core.tag), ...(cores.length > 1 ? ["multi-step"] : [])],
      referenceConversation: toReferenceConversation(w.steps),
    },
    kind: cores.length > 1 ? "multi" : (spec.requests[0]?.kind ?? "refund"),
    script: w.steps,
    baseSuccess: spec.baseSuccess,
    writeSteps,
    initialState,
    expectedFinalState,
    makeEnvironment,
  };
}
