import { requirePageAccess } from "@/lib/server/auth/page-access";
import { recentAudit } from "@/lib/server/audit";

export const dynamic = "force-dynamic";

export default async function AuditPage() {
  await requirePageAccess("admin");
  const entries = await recentAudit();
  return (
    <>
      <h1>Audit log</h1>
      <p className="lead">Uploads, deletions, accounts and tokens: who did what, when (latest 200).</p>
      <table className="data" aria-label="Audit log">
        <thead>
          <tr>
            <th>When (UTC)</th>
            <th>Who</th>
            <th>Action</th>
            <th>Target</th>
            <th>Details</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{entry.createdAt.slice(0, 19).replace("T", " ")}</td>
              <td>{entry.actorName}</td>
              <td>
                <span className="badge">{entry.action}</span>
              </td>
              <td className="mono">{entry.target ?? ""}</td>
              <td className="mono">{entry.details ? JSON.stringify(entry.details) : ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
