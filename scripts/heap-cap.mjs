/**
 * The app's heap cap (LOOPSCOPE_HEAP_MB, default 256; 0 leaves V8's default). V8 sizes old space from the machine's
 * memory (several GB here) and collects it lazily, so a server whose live heap is 50-100 MB grew to 400-460 MB of
 * RSS over a few uploads and kept it; with the cap it collects sooner and stays near 260 MB (docs/benchmarks.md).
 * An explicit --max-old-space-size in NODE_OPTIONS wins; `next dev` (which compiles in-process) is left alone.
 */
export function withHeapCap(environment) {
  const megabytes = Number(environment.LOOPSCOPE_HEAP_MB ?? 256);
  const options = environment.NODE_OPTIONS ?? "";
  if (!(megabytes > 0) || /--max-old-space-size/.test(options)) return environment;
  return { ...environment, NODE_OPTIONS: `${options} --max-old-space-size=${megabytes}`.trim() };
}
