export function OutcomeBadge({ success, stopReason }: { success: boolean | null; stopReason?: string | null }) {
  if (stopReason && /^(infrastructure_error|infra_error)$/i.test(stopReason.trim()))
    return <span className="badge warn">infrastructure</span>;
  if (success === null) return <span className="badge">unknown</span>;
  return success ? <span className="badge ok">success</span> : <span className="badge bad">fail</span>;
}
