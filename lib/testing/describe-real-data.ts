import { describe } from "vitest";
import { REAL_DATA_DIR, REAL_DATA_SKIP_REASON } from "./real-data";

/**
 * A describe block over the real benchmark files; skipped, with the reason in its name, when they are absent.
 * The files are megabytes of JSON: a generous timeout keeps a busy machine from failing them.
 */
export function describeRealData(name: string, body: () => void): void {
  describe.skipIf(!REAL_DATA_DIR)(
    REAL_DATA_DIR ? name : `${name} (skipped: ${REAL_DATA_SKIP_REASON})`,
    { timeout: 60_000 },
    body,
  );
}
