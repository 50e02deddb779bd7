import Link from "next/link";
import type { ComponentConfigView, RunHeaderView } from "@/lib/presenters/run-header";
import styles from "./run-header.module.css";

function ConfigItem({ label, config }: { label: string; config: ComponentConfigView | null }) {
  return (
    <div className={styles.item}>
      <dt>{label}</dt>
      <dd>
        {config ? (
          <>
            <span>{config.name ?? "unnamed"}</span>
            {config.version ? <span className="muted"> v{config.version}</span> : null}
            {config.config ? (
              <details>
                <summary className="muted">config</summary>
                <pre className="json">{JSON.stringify(config.config, null, 2)}</pre>
              </details>
            ) : null}
          </>
        ) : (
          <span className="muted">n/a</span>
        )}
      </dd>
    </div>
  );
}

export function RunHeader({ run }: { run: RunHeaderView }) {
  const suite = run.suite.version ? `${run.suite.name} ${run.suite.version}` : run.suite.name;
  return (
    <section aria-label="Run" className="panel">
      <div className="row">
        <h1>{run.name}</h1>
        <span className="badge">{run.variant}</span>
      </div>
      <dl className={styles.grid}>
        <div className={styles.item}>
          <dt>Model</dt>
          <dd>
            {run.model.name}
            {run.model.family || run.model.size ? <span className="muted"> · {[run.model.family, run.model.size].filter(Boolean).join(" ")}</span> : null}
          </dd>
        </div>
        <div className={styles.item}>
          <dt>Suite</dt>
          <dd>{suite}{run.suite.domain ? <span className="muted"> · {run.suite.domain}</span> : null}</dd>
        </div>
        <ConfigItem label="Agent" config={run.agent} />
        <ConfigItem label="User simulator" config={run.userSimulator} />
        <ConfigItem label="Judge" config={run.judge} />
        <div className={styles.item}>
          <dt>Source</dt>
          <dd>
            <span className="mono">{run.fileName}</span>
            <div className="muted">format {run.sourceFormat} · uploaded {run.uploadedAt.replace("T", " ").slice(0, 16)} UTC</div>
          </dd>
        </div>
        {run.sourceScore ? (
          <div className={styles.item}>
            <dt>Primary scorer</dt>
            <dd>
              <span className="mono">{run.sourceScore.scorer}</span>
              <div className="muted">accuracy stored in the log: {run.sourceScore.accuracy === null ? "n/a" : `${(run.sourceScore.accuracy * 100).toFixed(1)}%`}</div>
            </dd>
          </div>
        ) : null}
        <div className={styles.item}>
          <dt>Paired runs</dt>
          <dd>
            {run.pairedRuns.length === 0 ? (
              <span className="muted">{run.pairingKey ? `none with pairing key ${run.pairingKey}` : "no pairing key"}</span>
            ) : (
              run.pairedRuns.map((paired) => (
                <div key={paired.id}>
                  <Link href={`/runs/${paired.id}`}>{paired.name}</Link> <span className="badge">{paired.variant}</span>
                </div>
              ))
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
