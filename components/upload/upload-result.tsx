import Link from "next/link";
import { Fragment } from "react";
import { describeCounts, issuePathParts, type UploadOutcome } from "@/lib/presenters/upload-result";

export function UploadResult({ outcome }: { outcome: UploadOutcome }) {
  if (outcome.kind === "stored") {
    const counts = describeCounts(outcome.counts);
    return (
      <div className={outcome.duplicate ? "panel" : "ok-box"} role="status">
        <p style={{ margin: "0 0 6px" }}>
          {outcome.duplicate
            ? "Already uploaded: this exact file was ingested before, nothing new was stored."
            : `Stored (${outcome.format}): ${counts}.`}
        </p>
        {outcome.judgeLines.map((line) => (
          <p key={line} style={{ margin: "0 0 6px" }}>
            {line}
          </p>
        ))}
        <ul style={{ margin: 0 }}>
          {outcome.runs.map((run) => (
            <li key={run.id}>
              <Link href={`/runs/${run.id}`}>{run.name}</Link>
            </li>
          ))}
        </ul>
        {outcome.warnings.length > 0 ? (
          <ul className="muted">
            {outcome.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        ) : null}
      </div>
    );
  }
  return (
    <div className="error-box" role="alert">
      <p style={{ margin: "0 0 6px" }}>
        <strong>Rejected ({outcome.status}):</strong> {outcome.error}
      </p>
      {outcome.issues.length > 0 ? (
        <table className="data" aria-label="Validation issues">
          <thead>
            <tr>
              <th>Line</th>
              <th>Path</th>
              <th>Problem</th>
            </tr>
          </thead>
          <tbody>
            {outcome.issues.map((issue, index) => (
              <tr key={`${issue.line ?? ""}-${issue.path}-${index}`}>
                <td className="num">{issue.line ?? ""}</td>
                <IssuePath path={issue.path} />
                <td>{issue.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {outcome.totalIssues > outcome.issues.length ? (
        <p className="muted">…and {outcome.totalIssues - outcome.issues.length} more issues not listed.</p>
      ) : null}
    </div>
  );
}

function IssuePath({ path }: { path: string }) {
  const parts = issuePathParts(path);
  if (!parts) return <td style={{ whiteSpace: "nowrap" }}>whole file</td>;
  // Breaks only where <wbr> allows (after "." and before "["), not anywhere as other monospace text may.
  return (
    <td className="mono" style={{ overflowWrap: "normal" }}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </td>
  );
}
