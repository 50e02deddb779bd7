import { listUsers } from "@/lib/db/accounts";

export async function listAccounts() {
  return (await listUsers()).map((user) => ({ ...user, createdAt: user.createdAt.toISOString() }));
}
