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

function TagList({ tags }: { tags: Record<string, string> }) {
  const entries = Object.entries(tags);
  if (entries.length === 0) return <span className="muted">none</span>;
  return (
    <ul aria-label="Tags" className={styles.tags}>
      {entries.map(([key, value]) => (
        <li key={key} className="badge">
          {key}={value}
        </li>
      ))}
    </ul>
  );
}

export function RunHeader({ run }: { run: RunHeaderView }) {
  return (
    <section aria-label="Run" className="panel">
      <div className="row">
        <h1>{run.displayName}</h1>
        <span className="badge">{run.variant}</span>
        {run.settingLabel ? <span className="badge">{run.settingLabel}</span> : null}
      </div>
      <dl className={styles.grid}>
        <div className={styles.item}>
          <dt>Model</dt>
          <dd>
            {run.model.name}
            {run.model.family || run.model.size ? (
              <span className="muted"> · {[run.model.family, run.model.size].filter(Boolean).join(" ")}</span>
            ) : null}
          </dd>
        </div>
        <div className={styles.item}>
          <dt>Suite</dt>
          <dd>
            <Link
              href={`/suites/${encodeURIComponent(run.suite.id)}/protocol`}
              title="Protocol table and cost vs success of this suite"
            >
              {run.suiteLabel}
            </Link>
            {run.suite.domain ? <span className="muted"> · {run.suite.domain}</span> : null}
            {run.coverage ? <div className="muted">covers {run.coverage}</div> : null}
          </dd>
        </div>
        <div className={styles.item}>
          <dt>Setting</dt>
          <dd>
            {run.settingLabel || <span className="muted">default (simulated user, the suite&apos;s first policy)</span>}
          </dd>
        </div>
        <div className={styles.item}>
          <dt>Tags</dt>
          <dd>
            <TagList tags={run.tags} />
          </dd>
        </div>
        <ConfigItem label="Agent" config={run.agent} />
        <ConfigItem label="User simulator" config={run.userSimulator} />
        <ConfigItem label="Judge" config={run.judge} />
        <div className={styles.item}>
          <dt>Source</dt>
          <dd>
            <span className="mono">{run.fileName}</span>
            <div className="muted">
              format {run.sourceFormat} · uploaded {run.uploadedAt.replace("T", " ").slice(0, 16)} UTC
            </div>
            <div className="muted" data-testid="importer-version">
              importer v{run.importerVersion}
              {run.importerVersion < run.currentImporterVersion
                ? ` (current v${run.currentImporterVersion}: re-import to read it again)`
                : ""}
            </div>
          </dd>
        </div>
        {run.sourceScore ? (
          <div className={styles.item}>
            <dt>Primary scorer</dt>
            <dd>
              <span className="mono">{run.sourceScore.scorer}</span>
              <div className="muted">
                accuracy stored in the log:{" "}
                {run.sourceScore.accuracy === null ? "n/a" : `${(run.sourceScore.accuracy * 100).toFixed(1)}%`}
              </div>
            </dd>
          </div>
        ) : null}
        <div className={styles.item}>
          <dt>Paired runs</dt>
          <dd>
            {run.pairedRuns.length === 0 ? (
              <span className="muted">
                {run.pairingKey
                  ? `none with pairing key ${run.pairingKey} on this suite and setting`
                  : "no pairing key"}
              </span>
            ) : (
              run.pairedRuns.map((paired) => (
                <div key={paired.id}>
                  <Link href={`/runs/${paired.id}`}>{paired.name}</Link> <span className="badge">{paired.variant}</span>
                </div>
              ))
            )}
            {run.alternativeBases.length > 0 ? (
              <div className="muted">
                also matching, less close in time:{" "}
                {run.alternativeBases.map((other, index) => (
                  <span key={other.id}>
                    {index > 0 ? ", " : null}
                    <Link href={`/runs/${other.id}`}>{other.name}</Link>
                  </span>
                ))}
              </div>
            ) : null}
            {run.candidateBases.length > 0 ? (
              <div aria-label="Candidate base runs">
                <span className="muted">
                  candidate base runs on this suite (set the pairing key to theirs to pair):
                </span>
                {run.candidateBases.map((other) => (
                  <div key={other.id}>
                    <Link href={`/runs/${other.id}`}>{other.name}</Link>{" "}
                    <span className="muted">{other.pairingKey ? `key ${other.pairingKey}` : "no key"}</span>
                  </div>
                ))}
              </div>
            ) : null}
          </dd>
        </div>
      </dl>
      {run.metadata.length > 0 ? (
        <details>
          <summary className="muted">Run metadata ({run.metadata.length} fields from the source)</summary>
          <dl className={styles.grid}>
            {run.metadata.map((entry) => (
              <div key={entry.key} className={styles.item}>
                <dt>{entry.key}</dt>
                <dd className="mono">{entry.value}</dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
    </section>
  );
}
