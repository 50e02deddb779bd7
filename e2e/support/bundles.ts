import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { makeBundle, makeTrajectory, uniqueId, type BundleInput } from "@/lib/testing/factories";

/** Writes a bundle to a temp file (unique suite name, so specs never collide) and returns its path. */
export function writeBundleFile(bundle: BundleInput, name = "bundle.json"): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "loopscope-e2e-"));
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(bundle));
  return file;
}

/** A bundle of about `trajectories` trajectories: large enough to watch upload progress when throttled. */
export function makeSizedBundle(trajectories: number, runName = uniqueId("run")): BundleInput {
  return makeBundle({
    runs: [{ id: "base", name: runName, model: { name: "e2e-model", family: "e2e", size: "1B" }, variant: "base" }],
    trajectories: Array.from({ length: trajectories }, (_, index) => makeTrajectory({ trial: index + 1 })),
  });
}
