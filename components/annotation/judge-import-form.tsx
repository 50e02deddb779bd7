"use client";

import { useState } from "react";

interface LocatedIssue {
  line: number;
  column: string;
  value: string;
  message: string;
}

interface ImportOutcome {
  ok: boolean;
  message: string;
  issues: LocatedIssue[];
  totalIssues: number;
}

function readIssues(body: unknown): LocatedIssue[] {
  if (!body || typeof body !== "object" || !("issues" in body) || !Array.isArray(body.issues)) return [];
  return body.issues.flatMap((issue: unknown) =>
    issue && typeof issue === "object" && "line" in issue && "message" in issue
      ? [
          {
            line: Number(issue.line),
            column: "column" in issue ? String(issue.column) : "",
            value: "value" in issue ? String(issue.value) : "",
            message: String(issue.message),
          },
        ]
      : [],
  );
}

function describeSuccess(body: object): string {
  const imported = "imported" in body ? String(body.imported) : "0";
  const judges =
    "judges" in body && Array.isArray(body.judges)
      ? body.judges
          .flatMap((j: unknown) =>
            j && typeof j === "object" && "name" in j && "version" in j && "labels" in j
              ? [`${String(j.name)} ${String(j.version)} (${String(j.labels)})`]
              : [],
          )
          .join(", ")
      : "";
  return `imported ${imported} verdicts${judges ? `: ${judges}` : ""}`;
}

function describeFailure(body: unknown, status: number): string {
  const error = body && typeof body === "object" && "error" in body ? String(body.error) : null;
  if (status === 409) return error ?? "duplicate import; nothing was imported";
  return error ?? `import failed (${status}); nothing was imported`;
}

/** Uploads one file of judge verdicts (CSV or JSONL); a bad file lists every rejected row by line, column and value. */
export function JudgeImportForm({ studyId }: { studyId: string }) {
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [pending, setPending] = useState(false);
  return (
    <form
      aria-label="Import judge verdicts"
      onSubmit={async (event) => {
        event.preventDefault();
        const file = new FormData(event.currentTarget).get("file");
        if (!(file instanceof File) || file.size === 0)
          return setOutcome({ ok: false, message: "choose a CSV or JSONL file", issues: [], totalIssues: 0 });
        setPending(true);
        const response = await fetch(
          `/api/studies/${studyId}/judge-labels?name=${encodeURIComponent(file.name.slice(0, 200))}`,
          { method: "POST", headers: { "content-type": "text/plain" }, body: await file.text() },
        ).catch(() => null);
        setPending(false);
        if (!response)
          return setOutcome({ ok: false, message: "network error; nothing was imported", issues: [], totalIssues: 0 });
        const body: unknown = await response.json().catch(() => null);
        if (response.ok && body && typeof body === "object")
          return setOutcome({ ok: true, message: describeSuccess(body), issues: [], totalIssues: 0 });
        const issues = readIssues(body);
        const total =
          body && typeof body === "object" && "totalIssues" in body ? Number(body.totalIssues) : issues.length;
        setOutcome({ ok: false, message: describeFailure(body, response.status), issues, totalIssues: total });
      }}
    >
      <p className="muted">
        CSV or JSONL, one verdict per row: <code>item</code> (or <code>run</code> + <code>task</code> +{" "}
        <code>trial</code>, or <code>run</code> + <code>external_id</code>), <code>judge</code>, <code>version</code>,{" "}
        <code>dimension</code>, <code>label</code>, optional <code>rationale</code> and <code>confidence</code>. Any bad
        row rejects the whole file.
      </p>
      <input type="file" name="file" accept=".csv,.jsonl,text/csv,application/jsonl" aria-label="Judge verdicts file" />{" "}
      <button type="submit" disabled={pending}>
        {pending ? "Importing…" : "Import verdicts"}
      </button>
      {outcome ? (
        <p role={outcome.ok ? "status" : "alert"} className={outcome.ok ? "ok-box" : "error-box"}>
          {outcome.message}
        </p>
      ) : null}
      {outcome?.issues.length ? (
        <table className="data" aria-label="Judge import issues">
          <caption className="muted">
            {outcome.totalIssues > outcome.issues.length
              ? `first ${outcome.issues.length} of ${outcome.totalIssues} problems`
              : `${outcome.issues.length} problem(s)`}
          </caption>
          <thead>
            <tr>
              <th className="num">Line</th>
              <th>Column</th>
              <th>Value</th>
              <th>Problem</th>
            </tr>
          </thead>
          <tbody>
            {outcome.issues.map((issue, i) => (
              <tr key={i}>
                <td className="num">{issue.line}</td>
                <td>{issue.column}</td>
                <td>
                  <code>{issue.value}</code>
                </td>
                <td>{issue.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </form>
  );
}
