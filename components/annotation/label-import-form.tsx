"use client";

import { useState } from "react";

interface ImportResult {
  ok: boolean;
  message: string;
  issues: { line: number; message: string }[];
}

function readIssues(body: unknown): { line: number; message: string }[] {
  if (!body || typeof body !== "object" || !("issues" in body) || !Array.isArray(body.issues)) return [];
  return body.issues.flatMap((issue: unknown) =>
    issue && typeof issue === "object" && "line" in issue && "message" in issue
      ? [{ line: Number(issue.line), message: String(issue.message) }]
      : [],
  );
}

/** Uploads a CSV of labels made elsewhere; shows the rejected lines when any row is invalid. */
export function LabelImportForm({ studyId }: { studyId: string }) {
  const [result, setResult] = useState<ImportResult | null>(null);
  const [pending, setPending] = useState(false);
  return (
    <form
      aria-label="Import labels"
      onSubmit={async (event) => {
        event.preventDefault();
        const file = new FormData(event.currentTarget).get("file");
        if (!(file instanceof File) || file.size === 0)
          return setResult({ ok: false, message: "choose a CSV file", issues: [] });
        setPending(true);
        const response = await fetch(`/api/studies/${studyId}/labels`, {
          method: "POST",
          headers: { "content-type": "text/csv" },
          body: await file.text(),
        });
        const body: unknown = await response.json().catch(() => null);
        setPending(false);
        if (response.ok && body && typeof body === "object" && "imported" in body) {
          const external =
            "external" in body && Array.isArray(body.external) && body.external.length > 0
              ? `; external annotators: ${body.external.join(", ")}`
              : "";
          setResult({ ok: true, message: `imported ${String(body.imported)} labels${external}`, issues: [] });
        } else {
          const message =
            body && typeof body === "object" && "error" in body
              ? String(body.error)
              : `import failed (${response.status})`;
          setResult({ ok: false, message, issues: readIssues(body) });
        }
      }}
    >
      <p className="muted">
        CSV with a header <code>item,annotator,dimension,label</code>. <code>item</code> is the item id or{" "}
        <code>runName/taskExternalId/trial</code>; an annotator matching a user&apos;s email or name is that user,
        anyone else is kept as an external name.
      </p>
      <input type="file" name="file" accept=".csv,text/csv" aria-label="Labels CSV" />{" "}
      <button type="submit" disabled={pending}>
        {pending ? "Importing…" : "Import labels"}
      </button>
      {result ? (
        <p role={result.ok ? "status" : "alert"} className={result.ok ? "ok-box" : "error-box"}>
          {result.message}
        </p>
      ) : null}
      {result?.issues.length ? (
        <table className="data" aria-label="Import issues">
          <thead>
            <tr>
              <th className="num">Line</th>
              <th>Problem</th>
            </tr>
          </thead>
          <tbody>
            {result.issues.map((issue, i) => (
              <tr key={i}>
                <td className="num">{issue.line}</td>
                <td>{issue.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </form>
  );
}
