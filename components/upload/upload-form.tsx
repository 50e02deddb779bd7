"use client";

import { useCallback, useRef, useState } from "react";
import { describeUploadResponse, formatBytes, type UploadOutcome } from "@/lib/presenters/upload-result";
import {
  describePhaseSteps,
  describeServerProgress,
  parseUploadStatus,
  rejectedAt,
  type UploadPhase,
  type UploadStatusView,
} from "@/lib/presenters/upload-phases";
import { PhaseSteps } from "./phase-steps";
import { UploadResult } from "./upload-result";

interface UploadState {
  id: string;
  file: File;
  sent: number;
  phase: UploadPhase;
  server: UploadStatusView | null;
  outcome: UploadOutcome | null;
}

/** How long one status request may wait on the server for the upload to move on. */
const STATUS_WAIT_SECONDS = 20;
const RETRY_MS = 400;

/** What the uploader says about the uploaded runs; sent as multipart fields before the file (the server reads them first). */
interface UploadOptionsInput {
  tags: string;
  variant: string;
  pair: string;
  /** Inspect logs: the scorer whose values become rewards. */
  scorer: string;
  /** Judge reviews: verdict:pass|fail pairs read beside tau2's rule. */
  labels: string;
}

function send(
  file: File,
  options: UploadOptionsInput,
  onSent: (bytes: number) => void,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/api/bundles");
    request.upload.onprogress = (event) => onSent(event.loaded);
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = { error: request.responseText.slice(0, 300) };
      }
      resolve({ status: request.status, body });
    };
    request.onerror = () => resolve({ status: 0, body: { error: "the connection to the server failed" } });
    const form = new FormData();
    for (const line of options.tags.split("\n")) if (line.trim() !== "") form.append("tag", line.trim());
    if (options.variant.trim() !== "") form.append("variant", options.variant.trim());
    if (options.pair.trim() !== "") form.append("pair", options.pair.trim());
    if (options.scorer.trim() !== "") form.append("scorer", options.scorer.trim());
    if (options.labels.trim() !== "") form.append("labels", options.labels.trim());
    form.append("file", file, file.name);
    request.send(form);
  });
}

/**
 * Follows the upload's status until its job is done; gives the answer the upload would have had synchronously. Each
 * request after the first waits on the server until the upload moves on from the status last shown.
 */
async function follow(
  statusUrl: string,
  onStatus: (status: UploadStatusView) => void,
): Promise<{ status: number; body: unknown }> {
  let seen: string | null = null;
  for (;;) {
    const url: string = seen
      ? `${statusUrl}?${new URLSearchParams({ after: seen, wait: String(STATUS_WAIT_SECONDS) })}`
      : statusUrl;
    const response: Response | null = await fetch(url, { cache: "no-store" }).catch(() => null);
    if (response && !response.ok && response.status !== 503) {
      return {
        status: response.status,
        body: await response.json().catch(() => ({ error: `the status request answered ${response.status}` })),
      };
    }
    const parsed = response?.ok ? parseUploadStatus(await response.json().catch(() => null)) : null;
    if (parsed) {
      onStatus(parsed);
      if (parsed.phase === "done") return { status: parsed.status ?? 500, body: parsed.result };
    }
    seen = parsed?.updatedAt ?? null;
    // No status to wait on (a failed request, a restarting server): ask again after a pause.
    if (!seen) await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
}

export function UploadForm() {
  const [uploads, setUploads] = useState<UploadState[]>([]);
  const [dragging, setDragging] = useState(false);
  const [options, setOptions] = useState<UploadOptionsInput>({
    tags: "",
    variant: "",
    pair: "",
    scorer: "",
    labels: "",
  });
  const input = useRef<HTMLInputElement>(null);

  const update = useCallback((id: string, patch: Partial<UploadState>) => {
    setUploads((current) => current.map((upload) => (upload.id === id ? { ...upload, ...patch } : upload)));
  }, []);

  const start = useCallback(
    async (files: FileList | File[]) => {
      const added: UploadState[] = Array.from(files).map((file) => ({
        id: crypto.randomUUID(),
        file,
        sent: 0,
        phase: "uploading",
        server: null,
        outcome: null,
      }));
      setUploads((current) => [...added, ...current]);
      for (const upload of added) {
        const { status, body } = await send(upload.file, options, (sent) => update(upload.id, { sent }));
        // 202: stored and queued; a worker ingests it and the status URL tells how far it got.
        const statusUrl =
          status === 202 &&
          body !== null &&
          typeof body === "object" &&
          "statusUrl" in body &&
          typeof body.statusUrl === "string"
            ? body.statusUrl
            : null;
        let reached: UploadPhase = "uploading";
        const final = statusUrl
          ? await follow(statusUrl, (server) => {
              if (server.phase !== "done") reached = server.phase;
              update(upload.id, { phase: server.phase, server });
            })
          : { status, body };
        const outcome = describeUploadResponse(final.status, final.body);
        // A rejected upload keeps the step it stopped at: the steps after it were never done.
        const phase = outcome.kind === "stored" ? "done" : rejectedAt(reached, statusUrl !== null);
        update(upload.id, { phase, outcome });
      }
    },
    [update, options],
  );

  return (
    <>
      <fieldset className="panel">
        <legend>Optional, for the runs of the next uploads</legend>
        <p className="row">
          <label>
            Tags (key=value, one per line)
            <textarea
              name="tags"
              rows={2}
              cols={32}
              value={options.tags}
              onChange={(event) => setOptions({ ...options, tags: event.target.value })}
            />
          </label>
          <label>
            Variant
            <input
              name="variant"
              list="upload-variants"
              placeholder="from the file"
              maxLength={50}
              value={options.variant}
              onChange={(event) => setOptions({ ...options, variant: event.target.value })}
            />
          </label>
          <label>
            Pair with (pairing key or run id)
            <input
              name="pair"
              placeholder="from the model name"
              maxLength={200}
              value={options.pair}
              onChange={(event) => setOptions({ ...options, pair: event.target.value })}
            />
          </label>
          <datalist id="upload-variants">
            <option value="base" />
            <option value="sft" />
            <option value="rft" />
          </datalist>
        </p>
      </fieldset>
      <div
        className={`dropzone${dragging ? " active" : ""}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          if (event.dataTransfer.files.length > 0) void start(event.dataTransfer.files);
        }}
      >
        <p>
          Drop bundle files here (.json, .jsonl, .jsonl.gz, tau2-bench or tau-bench results, .zip or .tar.gz of a tau2
          results folder or of a tau2-bench leaderboard submission, Inspect AI .eval or .json logs)
        </p>
        <label className="button primary">
          Choose files
          <input
            ref={input}
            type="file"
            multiple
            aria-label="Bundle files"
            style={{ display: "none" }}
            onChange={(event) => {
              if (event.target.files && event.target.files.length > 0) void start(event.target.files);
              if (input.current) input.current.value = "";
            }}
          />
        </label>
      </div>
      <div className="row">
        <label>
          Inspect scorer (optional){" "}
          <input
            type="text"
            value={options.scorer}
            placeholder="the log's first scorer"
            onChange={(event) => setOptions({ ...options, scorer: event.target.value })}
          />
        </label>
        <span className="muted">
          For Inspect AI logs with several scorers: whose values become rewards and success.
        </span>
      </div>
      <div className="row">
        <label>
          Judge label mapping (optional){" "}
          <input
            type="text"
            name="labels"
            value={options.labels}
            placeholder="satisfactory:pass,failure:fail"
            onChange={(event) => setOptions({ ...options, labels: event.target.value })}
          />
        </label>
        <span className="muted">
          For tau2-bench judge reviews: which verdicts count as pass or fail. Without it tau2&apos;s rule applies: pass
          and satisfied are pass, fail is fail, any other verdict is not compared.
        </span>
      </div>
      {uploads.map((upload) => (
        <section key={upload.id} className="panel" aria-label={`Upload of ${upload.file.name}`}>
          <div className="row">
            <strong>{upload.file.name}</strong>
            <span className="muted">{formatBytes(upload.file.size)}</span>
          </div>
          <PhaseSteps steps={describePhaseSteps(upload.phase, upload.outcome?.kind === "rejected")} />
          {!upload.outcome ? (
            <div>
              <progress
                aria-label="Upload progress"
                max={upload.file.size || 1}
                value={
                  upload.phase === "uploading"
                    ? upload.sent
                    : upload.phase === "reading" || upload.phase === "writing"
                      ? (upload.server?.bytes ?? 0)
                      : upload.file.size
                }
              />
              <div className="muted" aria-live="polite">
                {upload.phase === "uploading" || !upload.server
                  ? `Uploading ${formatBytes(upload.sent)} of ${formatBytes(upload.file.size)}`
                  : describeServerProgress(upload.server)}
              </div>
            </div>
          ) : null}
          {upload.outcome ? <UploadResult outcome={upload.outcome} /> : null}
        </section>
      ))}
    </>
  );
}
