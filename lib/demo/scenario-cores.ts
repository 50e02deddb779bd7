import type { JsonValue } from "@/lib/bundles/schema/common";
import { formatAddress, formatCents, orderTotal, type Address, type Order } from "./acme-data";
import { field, type ScriptWriter } from "./script-writer";
import type { JsonObject, ToolCall, WriteVariants } from "./types";

export type RefundReason = "damaged" | "missing_item" | "duplicate_charge" | "late_delivery";

/** One user request: the part of a gold conversation from the order lookup to the acknowledgement. */
export interface Core {
  order: Order;
  goal: string;
  /** The request as the user states it, starting lower-case. */
  request: string;
  /** What an ambiguous user says first. */
  vague: string;
  behavior: string;
  tag: string;
  userFacts: JsonObject;
  required: string[];
  lookup(writer: ScriptWriter): void;
  confirm: string;
  write: ToolCall;
  variants: WriteVariants;
  ack(output: JsonValue): string;
}

const REASONS: Record<RefundReason, { phrase: string; vague: string }> = {
  damaged: { phrase: "arrived cracked", vague: "arrived broken" },
  missing_item: { phrase: "was missing from the box", vague: "never showed up in the box" },
  duplicate_charge: { phrase: "was charged twice", vague: "looks like a double charge" },
  late_delivery: { phrase: "arrived two weeks late", vague: "came way too late" },
};

export function refundCore(order: Order, reason: RefundReason): Core {
  const price = formatCents(order.item.priceCents);
  const { phrase, vague } = REASONS[reason];
  const args = { order_id: order.id, amount_cents: order.item.priceCents, reason };
  return {
    order,
    goal: `Get a refund of ${price} for the ${order.item.name} on order ${order.id}, which ${phrase}.`,
    request: `the ${order.item.name} in order ${order.id} ${phrase}, please refund it`,
    vague: `something from my last order ${vague} and I want my money back`,
    behavior:
      "Identify the customer, read the order and the refund policy, confirm the amount, then refund only the affected item.",
    tag: "refund",
    userFacts: { email: order.customer.email, order_id: order.id, item: order.item.name, reason },
    required: [price],
    lookup(writer) {
      writer.call("lookup_order", { order_id: order.id });
      writer.call("check_policy", { topic: "refunds" });
    },
    confirm: `Order ${order.id} was delivered on ${order.deliveredOn ?? "?"}, within the 30-day window. I can refund ${price} for the ${order.item.name} to your original payment method. Shall I go ahead?`,
    write: { name: "refund_payment", arguments: args },
    variants: {
      wrongArguments: { ...args, amount_cents: orderTotal(order) },
      replacements: [[price, formatCents(orderTotal(order))]],
      malformedArguments: { ...args, amount_cents: (order.item.priceCents / 100).toFixed(2) },
      hallucinatedName: "issue_refund",
    },
    ack: (output) =>
      `Done: I refunded ${price} for the ${order.item.name} on order ${order.id} (refund ${field(output, "refund_id")}). It reaches your card within 5-7 business days.`,
  };
}

function wrongZip(zip: string): string {
  const swapped = `${zip.slice(0, 3)}${zip[4] ?? ""}${zip[3] ?? ""}`;
  return swapped === zip ? `${zip.slice(0, 4)}${(Number(zip[4] ?? "0") + 1) % 10}` : swapped;
}

export function addressCore(order: Order, next: Address): Core {
  const formatted = formatAddress(next);
  const args = { order_id: order.id, street: next.street, city: next.city, zip: next.zip };
  const badZip = wrongZip(next.zip);
  return {
    order,
    goal: `Have order ${order.id} shipped to ${formatted} instead of ${formatAddress(order.address)}.`,
    request: `please ship order ${order.id} to ${formatted} instead`,
    vague: "I moved, can you fix the address on my order",
    behavior:
      "Identify the customer, check that the order is still processing, confirm the new address, then update it.",
    tag: "address-change",
    userFacts: { email: order.customer.email, order_id: order.id, new_address: formatted },
    required: [next.street],
    lookup(writer) {
      writer.call("lookup_order", { order_id: order.id });
    },
    confirm: `Order ${order.id} is still processing, so I can change its shipping address from ${formatAddress(order.address)} to ${formatted}. Shall I make that change?`,
    write: { name: "update_address", arguments: args },
    variants: {
      wrongArguments: { ...args, zip: badZip },
      replacements: [[next.zip, badZip]],
      malformedArguments: { ...args, zip: next.zip.slice(0, 4) },
      hallucinatedName: "change_shipping_address",
    },
    ack: () => `Updated: order ${order.id} will now ship to ${formatted}.`,
  };
}

export function cancelCore(order: Order, otherOrderId: string): Core {
  const total = formatCents(orderTotal(order));
  const args = { order_id: order.id, reason: "no_longer_needed" };
  return {
    order,
    goal: `Cancel order ${order.id} (${order.item.name} and ${order.otherItem.name}); it is no longer needed.`,
    request: `please cancel order ${order.id}, the one with the ${order.item.name}`,
    vague: "I don't need my order anymore, can you stop it",
    behavior:
      "Identify the customer, check that the order is still processing, confirm, cancel it and state when the charge is released.",
    tag: "cancellation",
    userFacts: { email: order.customer.email, order_id: order.id },
    required: ["cancelled", total],
    lookup(writer) {
      writer.call("lookup_order", { order_id: order.id });
    },
    confirm: `Order ${order.id} is still processing, so I can cancel it and release the ${total} charge. Shall I cancel it?`,
    write: { name: "cancel_order", arguments: args },
    variants: {
      // Cancelling the customer's other order is the realistic slip; the back end refuses it.
      wrongArguments: { ...args, order_id: otherOrderId },
      replacements: [],
      malformedArguments: { ...args, order_id: order.id.toLowerCase() },
      hallucinatedName: "cancel_purchase",
    },
    ack: () => `Order ${order.id} is cancelled. The ${total} charge will be released within 3-5 business days.`,
  };
}

export function escalateCore(order: Order): Core {
  const price = formatCents(order.item.priceCents);
  const summary = `Refund request for the ${order.item.name} on order ${order.id}, delivered ${order.deliveredOn ?? "?"}, outside the 30-day window.`;
  const args = { department: "billing", summary };
  return {
    order,
    goal: `Get ${price} back for the ${order.item.name} on order ${order.id}, which stopped working; accept a transfer if a refund is impossible.`,
    request: `the ${order.item.name} from order ${order.id} stopped working and I want my ${price} back`,
    vague: "I want a refund for something I bought a while ago",
    behavior:
      "The order is outside the 30-day window: do not refund; explain why and transfer the customer to billing.",
    tag: "escalation",
    userFacts: { email: order.customer.email, order_id: order.id, item: order.item.name },
    required: ["billing"],
    lookup(writer) {
      writer.call("lookup_order", { order_id: order.id });
      writer.call("check_policy", { topic: "refunds" });
    },
    confirm: `Order ${order.id} was delivered on ${order.deliveredOn ?? "?"}, outside our 30-day refund window, so I cannot refund it myself. I can transfer you to our billing team to review an exception. Would you like that?`,
    write: { name: "transfer_to_human", arguments: args },
    variants: {
      wrongArguments: { ...args, department: "general" },
      replacements: [["billing", "our support team"]],
      malformedArguments: { ...args, department: "Billing" },
      hallucinatedName: "escalate_to_agent",
      violation: {
        confirm: `Order ${order.id} is past the 30-day window, but I can make an exception and refund ${price} for the ${order.item.name}. Shall I?`,
        call: {
          name: "refund_payment",
          arguments: { order_id: order.id, amount_cents: order.item.priceCents, reason: "damaged" },
        },
        ack: `I made an exception and refunded ${price} for the ${order.item.name} on order ${order.id}.`,
      },
    },
    ack: (output) =>
      `I have transferred you to billing (ticket ${field(output, "ticket_id")}). They will reply within 1 business day.`,
  };
}
