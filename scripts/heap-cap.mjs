/**
 * The app's heap limits. LOOPSCOPE_HEAP_MB (default 256; 0 leaves V8's defaults) caps old space: V8 sizes it from
 * the machine's memory (several GB here) and collects it lazily, so a server whose live heap is 50-100 MB grew to
 * 400-460 MB of RSS over a few uploads and kept it; with the cap it collects sooner and stays near 260 MB.
 * With it, each young-generation semi-space is held to 8 MB (V8's default here is 16 MB, three of which make the
 * young generation): the server's peak RSS during an upload fell by 13 MB at the same speed (docs/benchmarks-history.md).
 * An explicit flag in NODE_OPTIONS wins; `next dev` (which compiles in-process) is left alone.
 */
export function withHeapCap(environment) {
  const megabytes = Number(environment.LOOPSCOPE_HEAP_MB ?? 256);
  const options = environment.NODE_OPTIONS ?? "";
  if (!(megabytes > 0)) return environment;
  const added = [
    /--max-old-space-size/.test(options) ? "" : `--max-old-space-size=${megabytes}`,
    /--max-semi-space-size/.test(options) ? "" : "--max-semi-space-size=8",
  ].filter(Boolean);
  if (added.length === 0) return environment;
  return { ...environment, NODE_OPTIONS: `${options} ${added.join(" ")}`.trim() };
}
