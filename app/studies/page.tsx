import Link from "next/link";
import { requirePageAccess } from "@/lib/server/auth/page-access";
import { allows } from "@/lib/server/auth/roles";
import { listStudies } from "@/lib/server/studies/list-studies";

export const dynamic = "force-dynamic";

export default async function StudiesPage() {
  const actor = await requirePageAccess("annotate");
  const studies = await listStudies(actor);
  const admin = allows(actor, "admin");
  return (
    <>
      <div className="row">
        <h1>Annotation studies</h1>
        {admin ? (
          <Link className="button primary" href="/studies/new">
            New study
          </Link>
        ) : null}
      </div>
      <p className="lead">
        Validate a judge against human annotators: blind labelling of a frozen sample, then agreement with its
        uncertainty.
      </p>
      {studies.length === 0 ? (
        <p className="muted">{admin ? "No study yet." : "You are not assigned to any study."}</p>
      ) : (
        <table className="data" aria-label="Studies">
          <thead>
            <tr>
              <th>Name</th>
              <th>Status</th>
              <th className="num">Items</th>
              <th className="num">Per item</th>
              <th>Annotators</th>
              <th>Blind</th>
              <th>Created</th>
            </tr>
          </thead>
          <tbody>
            {studies.map((study) => (
              <tr key={study.id}>
                <td>
                  <Link href={`/studies/${study.id}`}>{study.name}</Link>
                </td>
                <td>
                  <span className={`badge ${study.status === "open" ? "ok" : ""}`}>{study.status}</span>
                </td>
                <td className="num">{study.itemCount}</td>
                <td className="num">{study.annotatorsPerItem}</td>
                <td>{study.annotators.map((a) => a.name).join(", ")}</td>
                <td>{study.blind ? "yes" : "no"}</td>
                <td>
                  {study.createdAt.toISOString().slice(0, 10)} by {study.createdByName}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
