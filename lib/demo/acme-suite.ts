import type { DemoBundle, DemoTool } from "./types";

export const ACME_POLICY = [
  "You are the customer-support agent of Acme, an online home-goods store.",
  "1. Identify the customer with get_customer (by email) before reading or changing any order.",
  "2. Before any write action (refund_payment, update_address, cancel_order) state exactly what you will do and get an explicit yes from the customer.",
  "3. Refunds: only for delivered orders, within 30 days of delivery, at most the price of the affected items. Refunds reach the original payment method within 5-7 business days.",
  "4. A refund request outside the 30-day window must be transferred to a human agent (department billing); never refund it yourself.",
  "5. Shipping addresses can be changed and orders cancelled only while the order is processing. Once an order has shipped neither is possible.",
  "6. Cancelled orders release the charge within 3-5 business days.",
  "7. Returns are free for damaged items; other returns cost a $6.95 label fee.",
  "8. Call one tool at a time, never invent order ids or amounts, and do not make up tool results.",
].join("\n");

const orderId = { type: "string", description: "order id such as W-2041", pattern: "^W-[0-9]{4}$" };

export const ACME_TOOLS: DemoTool[] = [
  {
    name: "get_customer",
    description: "Find a customer by the email on their account.",
    access: "read",
    parameters: {
      type: "object",
      properties: { email: { type: "string", format: "email" } },
      required: ["email"],
      additionalProperties: false,
    },
  },
  {
    name: "list_orders",
    description: "List a customer's orders, newest first.",
    access: "read",
    parameters: {
      type: "object",
      properties: { customer_id: { type: "string" } },
      required: ["customer_id"],
      additionalProperties: false,
    },
  },
  {
    name: "lookup_order",
    description: "Read one order: status, items, amounts, shipping address and dates.",
    access: "read",
    parameters: {
      type: "object",
      properties: { order_id: orderId },
      required: ["order_id"],
      additionalProperties: false,
    },
  },
  {
    name: "check_policy",
    description: "Return the policy rule for a topic.",
    access: "read",
    parameters: {
      type: "object",
      properties: { topic: { type: "string", enum: ["refunds", "returns", "shipping", "cancellations"] } },
      required: ["topic"],
      additionalProperties: false,
    },
  },
  {
    name: "refund_payment",
    description: "Refund part or all of an order to the original payment method.",
    access: "write",
    parameters: {
      type: "object",
      properties: {
        order_id: orderId,
        amount_cents: { type: "integer", minimum: 1 },
        reason: { type: "string", enum: ["damaged", "missing_item", "duplicate_charge", "late_delivery"] },
      },
      required: ["order_id", "amount_cents", "reason"],
      additionalProperties: false,
    },
  },
  {
    name: "update_address",
    description: "Change the shipping address of an order that is still processing.",
    access: "write",
    parameters: {
      type: "object",
      properties: {
        order_id: orderId,
        street: { type: "string" },
        city: { type: "string" },
        zip: { type: "string", pattern: "^[0-9]{5}$" },
      },
      required: ["order_id", "street", "city", "zip"],
      additionalProperties: false,
    },
  },
  {
    name: "cancel_order",
    description: "Cancel an order that is still processing.",
    access: "write",
    parameters: {
      type: "object",
      properties: {
        order_id: orderId,
        reason: { type: "string", enum: ["no_longer_needed", "ordered_by_mistake", "found_cheaper", "other"] },
      },
      required: ["order_id", "reason"],
      additionalProperties: false,
    },
  },
  {
    name: "transfer_to_human",
    description: "Hand the conversation to a human agent with a short summary.",
    access: "write",
    parameters: {
      type: "object",
      properties: {
        department: { type: "string", enum: ["billing", "shipping", "general"] },
        summary: { type: "string" },
      },
      required: ["department", "summary"],
      additionalProperties: false,
    },
  },
];

export const ACME_SUITE: DemoBundle["suite"] = {
  name: "acme-support",
  version: "2025.06",
  domain: "customer-support",
  policy: ACME_POLICY,
  tools: ACME_TOOLS,
};
