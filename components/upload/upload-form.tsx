"use client";

import { useCallback, useRef, useState } from "react";
import { describeUploadResponse, formatBytes, type UploadOutcome } from "@/lib/presenters/upload-result";
import { UploadResult } from "./upload-result";

interface UploadState {
  id: string;
  file: File;
  sent: number;
  serverBytes: number;
  serverTrajectories: number;
  phase: "uploading" | "processing" | "done";
  outcome: UploadOutcome | null;
}

/** What the uploader says about the uploaded runs; sent as multipart fields before the file (the server reads them first). */
interface UploadOptionsInput {
  tags: string;
  variant: string;
  pair: string;
  /** Inspect logs: the scorer whose values become rewards. */
  scorer: string;
}

function send(file: File, uploadId: string, options: UploadOptionsInput, onSent: (bytes: number) => void): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/api/bundles");
    request.setRequestHeader("x-upload-id", uploadId);
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
    // Before the file: the server reads fields only until the file starts streaming.
    if (options.scorer.trim() !== "") form.append("scorer", options.scorer.trim());
    form.append("file", file, file.name);
    request.send(form);
  });
}

export function UploadForm() {
  const [uploads, setUploads] = useState<UploadState[]>([]);
  const [dragging, setDragging] = useState(false);
  const [options, setOptions] = useState<UploadOptionsInput>({ tags: "", variant: "", pair: "", scorer: "" });
  const input = useRef<HTMLInputElement>(null);

  const update = useCallback((id: string, patch: Partial<UploadState>) => {
    setUploads((current) => current.map((upload) => (upload.id === id ? { ...upload, ...patch } : upload)));
  }, []);

  const start = useCallback(
    async (files: FileList | File[]) => {
      const added = Array.from(files).map((file) => ({
        id: crypto.randomUUID(),
        file,
        sent: 0,
        serverBytes: 0,
        serverTrajectories: 0,
        phase: "uploading" as const,
        outcome: null,
      }));
      setUploads((current) => [...added, ...current]);
      for (const upload of added) {
        // The server reads the body as it arrives; polling shows how far it has validated and written.
        const poll = setInterval(() => {
          void (async () => {
            const response = await fetch(`/api/bundles/progress?id=${upload.id}`).catch(() => null);
            if (response?.ok) {
              const progress = (await response.json()) as { bytes: number; trajectories: number };
              update(upload.id, { serverBytes: progress.bytes, serverTrajectories: progress.trajectories });
            }
          })();
        }, 500);
        const { status, body } = await send(upload.file, upload.id, options, (sent) =>
          update(upload.id, { sent, phase: sent >= upload.file.size ? "processing" : "uploading" }),
        );
        clearInterval(poll);
        update(upload.id, { phase: "done", outcome: describeUploadResponse(status, body) });
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
            <textarea name="tags" rows={2} cols={32} value={options.tags} onChange={(event) => setOptions({ ...options, tags: event.target.value })} />
          </label>
          <label>
            Variant
            <input name="variant" list="upload-variants" placeholder="from the file" maxLength={50} value={options.variant} onChange={(event) => setOptions({ ...options, variant: event.target.value })} />
          </label>
          <label>
            Pair with (pairing key or run id)
            <input name="pair" placeholder="from the model name" maxLength={200} value={options.pair} onChange={(event) => setOptions({ ...options, pair: event.target.value })} />
          </label>
          <datalist id="upload-variants"><option value="base" /><option value="sft" /><option value="rft" /></datalist>
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
        <p>Drop bundle files here (.json, .jsonl, .jsonl.gz, tau2-bench or tau-bench results, .zip or .tar.gz of a tau2 results folder, Inspect AI .eval or .json logs)</p>
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
          <input type="text" value={options.scorer} placeholder="the log's first scorer" onChange={(event) => setOptions({ ...options, scorer: event.target.value })} />
        </label>
        <span className="muted">For Inspect AI logs with several scorers: whose values become rewards and success.</span>
      </div>
      {uploads.map((upload) => (
        <section key={upload.id} className="panel" aria-label={`Upload of ${upload.file.name}`}>
          <div className="row">
            <strong>{upload.file.name}</strong>
            <span className="muted">{formatBytes(upload.file.size)}</span>
          </div>
          {upload.phase !== "done" ? (
            <div>
              <progress aria-label="Upload progress" max={upload.file.size || 1} value={upload.phase === "uploading" ? upload.sent : Math.max(upload.serverBytes, upload.sent)} />
              <div className="muted">
                {upload.phase === "uploading"
                  ? `Uploading ${formatBytes(upload.sent)} of ${formatBytes(upload.file.size)}; validated ${formatBytes(upload.serverBytes)}, ${upload.serverTrajectories} trajectories written so far`
                  : `Validating and storing: ${upload.serverTrajectories} trajectories written so far`}
              </div>
            </div>
          ) : null}
          {upload.outcome ? <UploadResult outcome={upload.outcome} /> : null}
        </section>
      ))}
    </>
  );
}
