import Link from "next/link";
import type { JudgesViewModel } from "@/lib/presenters/run-judges";
import type { RunJudgeDisagreement } from "@/lib/contracts/run-judges";

const LISTED = 50;

function DisagreementList({ runId, title, rows }: { runId: string; title: string; rows: RunJudgeDisagreement[] }) {
  return (
    <section aria-label={title}>
      <h3>
        {title} ({rows.length})
      </h3>
      {rows.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ul>
          {rows.slice(0, LISTED).map((row) => (
            <li key={`${row.judge}-${row.trajectoryId}`}>
              {/* Underlined: a link followed by text in the same line must not rely on colour alone. */}
              <Link
                href={`/runs/${runId}/trajectories/${row.trajectoryId}#judges`}
                style={{ textDecoration: "underline" }}
              >
                task {row.taskExternalId} trial {row.trial}
              </Link>{" "}
              <span className="muted">
                {row.judge}: {row.verdict}
              </span>
            </li>
          ))}
        </ul>
      )}
      {rows.length > LISTED ? <p className="muted">…and {rows.length - LISTED} more.</p> : null}
    </section>
  );
}

/** A run's judges against the benchmark's own outcome and against each other (docs/annotation.md, Judges view). */
export function JudgesView({
  runId,
  view,
  canStartStudy,
}: {
  runId: string;
  view: JudgesViewModel;
  /** Admins may start a study; the link opens the study form on this run. */
  canStartStudy: boolean;
}) {
  return (
    <section aria-label="Judges" id="judges" className="panel">
      <h2>Judges</h2>
      {canStartStudy ? (
        <p>
          <Link href={`/studies/new?run=${encodeURIComponent(runId)}`} className="button">
            Start a study on these trajectories
          </Link>{" "}
          <span className="muted">
            humans label them blind; the report sets them against every judge here and the benchmark&apos;s outcome
          </span>
        </p>
      ) : null}
      {view.rows.length === 0 ? (
        <p className="muted">
          No judge verdicts on this run. Upload a tau2-bench judge review (its summary JSON) on the upload page to add
          one.
        </p>
      ) : (
        <>
          <div style={{ overflowX: "auto" }}>
            <table className="data" aria-label="Judges vs the benchmark's outcome">
              <caption>Each judge vs the benchmark&apos;s outcome (pass = success)</caption>
              <thead>
                <tr>
                  <th>Judge</th>
                  <th className="num">Verdicts</th>
                  <th>Labels</th>
                  <th className="num">Not compared</th>
                  <th className="num">Agreement</th>
                  <th className="num">Cohen&apos;s kappa [95% CI]</th>
                  <th className="num">Cost</th>
                </tr>
              </thead>
              <tbody>
                {view.rows.map((row) => (
                  <tr key={row.title}>
                    <th scope="row">{row.title}</th>
                    <td className="num">{row.n}</td>
                    <td>{row.labels}</td>
                    <td className="num">{row.notCompared}</td>
                    <td className="num">{row.agreement}</td>
                    <td className="num">{row.kappa}</td>
                    <td className="num">{row.cost}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="row" style={{ flexWrap: "wrap", alignItems: "flex-start" }}>
            {view.rows.map((row) => (
              <table key={row.title} className="data" aria-label={`Confusion matrix ${row.title}`}>
                <caption>{row.title}: judge (rows) vs benchmark (columns)</caption>
                <thead>
                  <tr>
                    <th>judge \ benchmark</th>
                    <th className="num">success</th>
                    <th className="num">failure</th>
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <th scope="row">pass</th>
                    <td className="num">{row.confusion.passSuccess}</td>
                    <td className="num">{row.confusion.passFailure}</td>
                  </tr>
                  <tr>
                    <th scope="row">fail</th>
                    <td className="num">{row.confusion.failSuccess}</td>
                    <td className="num">{row.confusion.failFailure}</td>
                  </tr>
                </tbody>
              </table>
            ))}
          </div>
          {view.pairs.length > 0 ? (
            <div style={{ overflowX: "auto" }}>
              <table className="data" aria-label="Judges vs each other">
                <caption>Judges vs each other (trajectories both read as pass or fail)</caption>
                <thead>
                  <tr>
                    <th>Judge A</th>
                    <th>Judge B</th>
                    <th className="num">Agreement</th>
                    <th className="num">Cohen&apos;s kappa</th>
                  </tr>
                </thead>
                <tbody>
                  {view.pairs.map((pair) => (
                    <tr key={`${pair.a}-${pair.b}`}>
                      <td>{pair.a}</td>
                      <td>{pair.b}</td>
                      <td className="num">{pair.agreement}</td>
                      <td className="num">{pair.kappa}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          <DisagreementList runId={runId} title="Judge said pass, benchmark failed" rows={view.passButFailed} />
          <DisagreementList runId={runId} title="Judge said fail, benchmark succeeded" rows={view.failButPassed} />
        </>
      )}
    </section>
  );
}
