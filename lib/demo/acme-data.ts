/** The fictional store behind the demo suite: customers and their orders on 2025-06-16. */

export interface Customer {
  id: string;
  name: string;
  email: string;
}

export interface Address {
  street: string;
  city: string;
  zip: string;
}

export type OrderStatus = "processing" | "shipped" | "delivered";

export interface Order {
  id: string;
  customer: Customer;
  status: OrderStatus;
  /** The item the task is about; `otherItem` makes partial refunds distinguishable from full ones. */
  item: { name: string; priceCents: number };
  otherItem: { name: string; priceCents: number };
  address: Address;
  placedOn: string;
  deliveredOn?: string;
}

const customer = (id: string, name: string): Customer => ({
  id,
  name,
  email: `${name.toLowerCase().replace(" ", ".")}@example.com`,
});

export const CUSTOMERS = [
  customer("C-1001", "Maria Lopez"),
  customer("C-1002", "James Chen"),
  customer("C-1003", "Aisha Bello"),
  customer("C-1004", "Tom Novak"),
  customer("C-1005", "Priya Raman"),
  customer("C-1006", "Lena Fischer"),
  customer("C-1007", "Omar Haddad"),
  customer("C-1008", "Grace Kim"),
] as const;

const STREETS = [
  "14 Oak St",
  "221 Birch Ave",
  "9 Harbor Rd",
  "77 Mill Ln",
  "310 Cedar Ct",
  "5 Quarry Way",
  "48 Elm Row",
  "102 Lake Dr",
];
// Streets nobody lives on yet, so an address change always changes something.
const NEW_STREETS = [
  "600 Willow Blvd",
  "18 Pine St Apt 4B",
  "27 Juniper Pl",
  "1450 River Rd",
  "3 Chestnut Sq",
  "890 Aspen Way",
];
const CITIES: Array<[string, string]> = [
  ["Springfield", "62704"],
  ["Portland", "97205"],
  ["Madison", "53703"],
  ["Austin", "78701"],
  ["Denver", "80203"],
  ["Raleigh", "27601"],
];
const ITEMS = [
  { name: "ceramic vase", priceCents: 2500 },
  { name: "desk lamp", priceCents: 4299 },
  { name: "wool throw blanket", priceCents: 5900 },
  { name: "bamboo cutting board", priceCents: 1850 },
  { name: "set of 4 mugs", priceCents: 3200 },
  { name: "linen curtains", priceCents: 7450 },
  { name: "cast-iron skillet", priceCents: 3999 },
  { name: "wall clock", priceCents: 2799 },
  { name: "bath towel set", priceCents: 4600 },
  { name: "french press", priceCents: 2950 },
  { name: "table runner", priceCents: 1599 },
  { name: "plant stand", priceCents: 6400 },
];

function at<T>(items: readonly T[], index: number): T {
  const item = items[index % items.length];
  if (item === undefined) throw new Error("empty demo table");
  return item;
}

export function addressAt(index: number): Address {
  const [city, zip] = at(CITIES, index);
  return { street: at(STREETS, index), city, zip };
}

export function newAddressAt(index: number): Address {
  const [city, zip] = at(CITIES, index + 1);
  return { street: at(NEW_STREETS, index), city, zip };
}

export function formatAddress(address: Address): string {
  return `${address.street}, ${address.city} ${address.zip}`;
}

export function formatCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** Orders are derived from their number so task specs only need to say which one and in what status. */
export function makeOrder(number: number, status: OrderStatus, deliveredOn?: string): Order {
  const index = number - 2041;
  return {
    id: `W-${number}`,
    customer: at(CUSTOMERS, index),
    status,
    item: at(ITEMS, index),
    otherItem: at(ITEMS, index + 5),
    address: addressAt(index % CUSTOMERS.length),
    placedOn: status === "processing" ? "2025-06-14" : "2025-05-20",
    ...(deliveredOn === undefined ? {} : { deliveredOn }),
  };
}

export function orderTotal(order: Order): number {
  return order.item.priceCents + order.otherItem.priceCents;
}
