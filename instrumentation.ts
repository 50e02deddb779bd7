// Next.js calls register() once per server process: the ingest worker runs inside `next start`
// by default, so the single-machine setup stays one command (LOOPSCOPE_WORKER=off opts out).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // First: proxy headers are trusted only from LOOPSCOPE_TRUSTED_PROXIES (lib/server/peer-headers.ts).
  const { watchRequestPeers } = await import("./lib/server/peer-headers");
  watchRequestPeers();
  const { startWorkerIfEnabled } = await import("./lib/server/jobs/start-worker");
  await startWorkerIfEnabled().catch((error: unknown) =>
    console.error("[loopscope] the ingest worker did not start", error),
  );
}
