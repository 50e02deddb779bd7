// Next.js calls register() once per server process: the ingest worker runs inside `next start`
// by default, so the single-machine setup stays one command (LOOPSCOPE_WORKER=off opts out).
export async function register(): Promise<void> {
  // NEXT_RUNTIME is read raw: Next.js sets it per runtime, and this check keeps the Node-only imports below out of the
  // edge build, before any app module (lib/env.ts included) may be loaded.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // First: a variable set to a value it does not accept (LOOPSCOPE_AUTH=requried) stops the server here, with the
  // variable and its allowed values named, instead of serving with the setting silently off.
  const { env } = await import("./lib/env");
  try {
    env();
  } catch (error) {
    console.error(`[loopscope] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  // Proxy headers are trusted only from LOOPSCOPE_TRUSTED_PROXIES (lib/server/peer-headers.ts).
  const { watchRequestPeers } = await import("./lib/server/peer-headers");
  watchRequestPeers();
  const { startWorkerIfEnabled } = await import("./lib/server/jobs/start-worker");
  await startWorkerIfEnabled().catch((error: unknown) =>
    console.error("[loopscope] the ingest worker did not start", error),
  );
}
