import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";
import { childEnvironment, env } from "@/lib/env";
import { serverConfig } from "../config";
import { isToSupervisor, SUPERVISED_WORKER_ENV, type ToWorkerChild } from "./supervisor-messages";
import { announceChildUploadChange } from "./upload-changes";
import { chargeWorkerDeath, type IngestInFlight } from "./worker-death";

// V8's last words when it reaches the heap limit (printed to stderr before the process aborts).
const OUT_OF_MEMORY = /Reached heap limit|JavaScript heap out of memory|ERR_WORKER_OUT_OF_MEMORY/;
const STDERR_TAIL = 8_192;

declare global {
  // One child per web server process (Next.js may evaluate instrumentation's imports more than once).
  var loopscopeWorkerChildStarted: boolean | undefined;
}

/** The web server's own V8 flags are not the child's: its heap cap is LOOPSCOPE_INGEST_HEAP_MB. */
function childNodeOptions(options: string | undefined): string {
  return (options ?? "")
    .split(/\s+/)
    .filter((flag) => flag && !/^--max-old-space-size/.test(flag))
    .join(" ");
}

/** Built at run time: a path the bundler can see is one it tries to bundle (scripts/worker.ts is run by tsx). */
function workerEntry(): string {
  return [process.cwd(), "scripts", "worker.ts"].join(path.sep);
}

/**
 * Runs the ingest worker (scripts/worker.ts, loaded by tsx: the web server's own code is bundled by Next.js and
 * cannot be handed to another process) as a child of the web server with its own heap cap, and restarts it when it
 * dies. An upload it was ingesting when it died is charged with the death (lib/server/jobs/worker-death.ts): out of
 * memory refuses it at once, a second death of any kind refuses it, and the web server itself keeps serving.
 */
export function startWorkerChild(): void {
  if (globalThis.loopscopeWorkerChildStarted) return;
  globalThis.loopscopeWorkerChildStarted = true;
  const heapMb = serverConfig().LOOPSCOPE_INGEST_HEAP_MB;
  let child: ChildProcess | null = null;
  let stopping = false;
  let quickDeaths = 0;

  const spawn = () => {
    const startedAt = Date.now();
    // The uploads it ingests now, one per lane (a small one may run beside a big one).
    const current = new Map<string, IngestInFlight>();
    let stderrTail = "";
    const worker = fork(workerEntry(), [], {
      execArgv: ["--import", "tsx", "--conditions=react-server", `--max-old-space-size=${heapMb}`],
      env: childEnvironment({
        NODE_OPTIONS: childNodeOptions(env().NODE_OPTIONS),
        [SUPERVISED_WORKER_ENV]: "1",
      }),
      stdio: ["ignore", "inherit", "pipe", "ipc"],
    });
    child = worker;
    worker.stderr?.on("data", (chunk: Buffer) => {
      process.stderr.write(chunk);
      stderrTail = (stderrTail + chunk.toString("utf8")).slice(-STDERR_TAIL);
    });
    worker.on("message", (message: unknown) => {
      if (!isToSupervisor(message)) return;
      if (message.type === "ingest-start")
        current.set(message.uploadId, { uploadId: message.uploadId, jobId: message.jobId, queue: message.queue });
      else if (message.type === "ingest-end") current.delete(message.uploadId);
      else announceChildUploadChange(message.uploadId);
    });
    worker.on("exit", (code, signal) => {
      child = null;
      if (stopping) return;
      const exit = signal ? `signal ${signal}` : `exit code ${code}`;
      const outOfMemory = OUT_OF_MEMORY.test(stderrTail);
      console.error(
        `[loopscope] the ingest worker ${worker.pid} died (${exit}${outOfMemory ? ", out of memory" : ""})`,
      );
      const dying = [...current.values()];
      current.clear();
      const charged = chargeWorkerDeath(dying, { outOfMemory, exit, heapMb });
      // A child that keeps dying right after its start (no database, a broken install) is restarted ever more slowly.
      quickDeaths = Date.now() - startedAt < 10_000 && dying.length === 0 ? quickDeaths + 1 : 0;
      const delay = Math.min(30_000, 250 * 2 ** quickDeaths);
      void charged.then(() => setTimeout(spawn, delay));
    });
  };

  globalThis.loopscopeWorkerChild = {
    wake(queue) {
      if (child?.connected) child.send({ type: "wake", queue } satisfies ToWorkerChild, () => undefined);
    },
  };
  // Next.js handles the web server's signals; the child also stops when its IPC channel closes (scripts/worker.ts).
  process.once("exit", () => {
    stopping = true;
    child?.kill("SIGTERM");
  });
  spawn();
  console.log(
    `[loopscope] ingest worker started as a child of the web server (heap ${heapMb} MB; LOOPSCOPE_WORKER=inline runs it inside)`,
  );
}
