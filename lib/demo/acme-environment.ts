import type { JsonValue } from "@/lib/bundles/schema/common";
import { formatAddress, orderTotal, type Order } from "./acme-data";
import type { JsonObject, ToolCall } from "./types";

export interface ToolOutcome {
  output: JsonValue;
  error: boolean;
}

interface OrderState {
  status: string;
  refunded_cents: number;
  address: string;
}

const POLICY_RULES: Record<string, string> = {
  refunds:
    "Delivered orders only, within 30 days of delivery, at most the price of the affected items; otherwise transfer to billing.",
  returns: "Free for damaged items; otherwise a $6.95 label fee.",
  shipping: "The address can be changed only while the order is processing.",
  cancellations: "Only processing orders can be cancelled; the charge is released within 3-5 business days.",
};

const orderNumber = (order: Order) => Number(order.id.slice(2));
const fail = (message: string): ToolOutcome => ({ output: { error: message }, error: true });

/**
 * A tiny simulated back end. Gold scripts and closed-loop trials both run their calls
 * through it, so tool outputs and final states always agree with the calls made.
 * Like a real API it enforces data rules but not the conversation policy (30-day window,
 * confirmation): that is the agent's job, and the judge's to check.
 */
export class AcmeEnvironment {
  private readonly orders: Map<string, Order>;
  private readonly states = new Map<string, OrderState>();
  private escalation: string | null = null;

  constructor(orders: readonly Order[]) {
    this.orders = new Map(orders.map((order) => [order.id, order]));
    for (const order of orders)
      this.states.set(order.id, { status: order.status, refunded_cents: 0, address: formatAddress(order.address) });
  }

  snapshot(): JsonObject {
    const orders: JsonObject = {};
    for (const [id, state] of this.states) orders[id] = { ...state };
    return { orders, escalation: this.escalation };
  }

  execute(call: ToolCall): ToolOutcome {
    const args = call.arguments;
    switch (call.name) {
      case "get_customer":
        return this.getCustomer(args.email);
      case "list_orders":
        return this.listOrders(args.customer_id);
      case "lookup_order":
        return this.withOrder(args.order_id, (order, state) => ({ output: this.describe(order, state), error: false }));
      case "check_policy": {
        const rule = typeof args.topic === "string" ? POLICY_RULES[args.topic] : undefined;
        return rule === undefined
          ? fail(`unknown policy topic ${JSON.stringify(args.topic)}`)
          : { output: { topic: String(args.topic), rule }, error: false };
      }
      case "refund_payment":
        return this.withOrder(args.order_id, (order, state) => this.refund(order, state, args));
      case "update_address":
        return this.withOrder(args.order_id, (order, state) => this.updateAddress(order, state, args));
      case "cancel_order":
        return this.withOrder(args.order_id, (order, state) => {
          if (state.status !== "processing")
            return fail(`order ${order.id} is ${state.status} and can no longer be cancelled`);
          state.status = "cancelled";
          return {
            output: { order_id: order.id, status: "cancelled", released_cents: orderTotal(order) },
            error: false,
          };
        });
      case "transfer_to_human": {
        if (!["billing", "shipping", "general"].includes(String(args.department)))
          return fail(`unknown department ${JSON.stringify(args.department)}`);
        this.escalation = String(args.department);
        const first = [...this.orders.values()][0];
        return {
          output: {
            ticket_id: `T-${first ? orderNumber(first) + 3000 : 1000}`,
            department: String(args.department),
            expected_reply: "1 business day",
          },
          error: false,
        };
      }
      default:
        return fail(`unknown tool "${call.name}"`);
    }
  }

  private getCustomer(email: JsonValue | undefined): ToolOutcome {
    const owned = [...this.orders.values()].filter((order) => order.customer.email === email);
    const customer = owned[0]?.customer;
    if (!customer) return fail(`no customer with email ${JSON.stringify(email)}`);
    return {
      output: {
        customer_id: customer.id,
        name: customer.name,
        email: customer.email,
        order_ids: owned.map((order) => order.id),
      },
      error: false,
    };
  }

  private listOrders(customerId: JsonValue | undefined): ToolOutcome {
    const owned = [...this.orders.values()].filter((order) => order.customer.id === customerId);
    if (owned.length === 0) return fail(`no customer with id ${JSON.stringify(customerId)}`);
    return {
      output: {
        orders: owned.map((order) => ({
          order_id: order.id,
          status: this.states.get(order.id)?.status ?? order.status,
          placed_on: order.placedOn,
        })),
      },
      error: false,
    };
  }

  private withOrder(
    orderId: JsonValue | undefined,
    action: (order: Order, state: OrderState) => ToolOutcome,
  ): ToolOutcome {
    const order = typeof orderId === "string" ? this.orders.get(orderId) : undefined;
    const state = typeof orderId === "string" ? this.states.get(orderId) : undefined;
    if (!order || !state) return fail(`order ${JSON.stringify(orderId)} not found`);
    return action(order, state);
  }

  private describe(order: Order, state: OrderState): JsonObject {
    return {
      order_id: order.id,
      customer_id: order.customer.id,
      status: state.status,
      items: [order.item, order.otherItem].map((item) => ({ name: item.name, price_cents: item.priceCents })),
      total_cents: orderTotal(order),
      refunded_cents: state.refunded_cents,
      shipping_address: state.address,
      placed_on: order.placedOn,
      delivered_on: order.deliveredOn ?? null,
    };
  }

  private refund(order: Order, state: OrderState, args: JsonObject): ToolOutcome {
    const amount = args.amount_cents;
    if (typeof amount !== "number" || !Number.isInteger(amount) || amount <= 0)
      return fail("amount_cents must be a positive integer number of cents");
    if (state.status !== "delivered")
      return fail(`order ${order.id} is ${state.status}; only delivered orders can be refunded`);
    if (amount > orderTotal(order) - state.refunded_cents)
      return fail(`amount exceeds the refundable balance of ${orderTotal(order) - state.refunded_cents} cents`);
    state.refunded_cents += amount;
    return {
      output: {
        refund_id: `R-${orderNumber(order) + 5000}`,
        order_id: order.id,
        amount_cents: amount,
        status: "refunded",
      },
      error: false,
    };
  }

  private updateAddress(order: Order, state: OrderState, args: JsonObject): ToolOutcome {
    const { street, city, zip } = args;
    if (typeof street !== "string" || typeof city !== "string" || typeof zip !== "string" || !/^[0-9]{5}$/.test(zip)) {
      return fail("street, city and a 5-digit zip are required");
    }
    if (state.status !== "processing") return fail(`order ${order.id} has already shipped; its address cannot change`);
    state.address = formatAddress({ street, city, zip });
    return { output: { order_id: order.id, shipping_address: state.address }, error: false };
  }
}
