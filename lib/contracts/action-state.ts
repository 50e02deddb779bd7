/** What a server action returns to its form; safe to import from client components. */
export interface ActionState {
  ok: boolean;
  message: string;
  /** A secret shown once (a new API token). */
  secret?: string;
}
