import type { ActionState } from "@/lib/contracts/action-state";
import { ActionForm } from "./action-form";

export interface TokenRow {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

const day = (iso: string | null) => (iso ? iso.slice(0, 16).replace("T", " ") : "never");

export function ApiTokensTable({
  tokens,
  revokeAction,
}: {
  tokens: TokenRow[];
  revokeAction: (previous: ActionState | null, form: FormData) => Promise<ActionState>;
}) {
  if (tokens.length === 0) return <p className="muted">No tokens yet.</p>;
  return (
    <table className="data" aria-label="API tokens">
      <thead>
        <tr>
          <th>Name</th>
          <th>Token</th>
          <th>Scopes</th>
          <th>Created</th>
          <th>Expires</th>
          <th>Last used</th>
          <th>Status</th>
        </tr>
      </thead>
      <tbody>
        {tokens.map((token) => (
          <tr key={token.id}>
            <td>{token.name}</td>
            <td className="mono">{token.prefix}…</td>
            <td>{token.scopes.join(", ")}</td>
            <td>{day(token.createdAt)}</td>
            <td>{day(token.expiresAt)}</td>
            <td>{day(token.lastUsedAt)}</td>
            <td>
              {token.revokedAt ? (
                <span className="badge bad">revoked</span>
              ) : (
                <ActionForm
                  action={revokeAction}
                  submitLabel="Revoke"
                  label={`Revoke ${token.name}`}
                  confirm={`Revoke token ${token.name}? Scripts using it will stop working.`}
                >
                  <input type="hidden" name="tokenId" value={token.id} />
                </ActionForm>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
