/** What a server action returns to its form; safe to import from client components. */
export interface ActionState {
  ok: boolean;
  message: string;
  /** A secret shown once (a new API token). */
  secret?: string;
  /** Accounts created by the action (a study's inline annotators): each password is shown this once. */
  credentials?: { name: string; email: string; password: string }[];
  /** Where to go next when the action does not redirect (it has something to show once first). */
  next?: { href: string; label: string };
}
