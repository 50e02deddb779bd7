import type { TrajectoryJudgeView } from "@/lib/contracts/run-judges";

function reading(pass: boolean | null): string {
  if (pass === null) return "not compared";
  return pass ? "pass" : "fail";
}

/** Every judge's verdict on this trajectory with its justification, beside the benchmark's own verdict. */
export function JudgeVerdicts({ judges, success }: { judges: TrajectoryJudgeView[]; success: boolean | null }) {
  if (judges.length === 0) return null;
  const benchmark = success === null ? "unknown" : success ? "success" : "failure";
  return (
    <section aria-label="Judge verdicts" id="judges" className="panel">
      <h2>Judge verdicts</h2>
      <p className="muted">Benchmark outcome: {benchmark}.</p>
      {judges.map((judge) => {
        const disagrees = judge.pass !== null && success !== null && judge.pass !== success;
        return (
          <article key={judge.title} aria-label={`Verdict of ${judge.title}`}>
            <h3 style={{ fontSize: "1rem", margin: "8px 0 4px" }}>
              {judge.title}: {judge.label}{" "}
              <span className="muted">
                (read as {reading(judge.pass)}
                {disagrees ? `, disagrees with the benchmark's ${benchmark}` : ""})
              </span>
            </h3>
            {judge.rationale ? <p style={{ whiteSpace: "pre-wrap", margin: "0 0 4px" }}>{judge.rationale}</p> : null}
            {judge.issues.length > 0 ? (
              <ul>
                {judge.issues.map((issue) => (
                  <li key={issue}>{issue}</li>
                ))}
              </ul>
            ) : null}
          </article>
        );
      })}
    </section>
  );
}
