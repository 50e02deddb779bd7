// The contract now lives in lib/contracts (components import it from there); kept for server-side callers.
export type { ActionState } from "@/lib/contracts/action-state";
