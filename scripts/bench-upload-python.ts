/**
 * The Python yardsticks bench:upload times on each tau2 file, in the same run as our upload: the bare `json.load`
 * (the floor any importer pays) and, with `--tau2-python`, tau2-bench's own `Results.load` + `compute_metrics`.
 * Both are timed inside Python, so interpreter start-up and imports (0.4 s through a pyenv shim) are not counted.
 */
import { spawnSync } from "node:child_process";

const JSON_LOAD = [
  "import json, sys, time",
  "started = time.perf_counter()",
  "with open(sys.argv[1], 'rb') as f: json.load(f)",
  "print(time.perf_counter() - started)",
].join("\n");

// What tau2-bench does with a results file (src/tau2/data_model/simulation.py, src/tau2/metrics/agent_metrics.py).
const TAU2_LOAD_AND_SCORE = [
  "import sys, time",
  "from pathlib import Path",
  "from tau2.data_model.simulation import Results",
  "from tau2.metrics.agent_metrics import compute_metrics",
  "started = time.perf_counter()",
  "compute_metrics(Results.load(Path(sys.argv[1])))",
  "print(time.perf_counter() - started)",
].join("\n");

function secondsPrinted(python: string, script: string, file: string): number {
  const done = spawnSync(python, ["-c", script, file], { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
  if (done.status !== 0) {
    console.error(`  ${python}: ${(done.stderr || String(done.error)).trim().split("\n").slice(-3).join(" | ")}`);
    return Number.NaN;
  }
  return Number(done.stdout.trim().split("\n").at(-1));
}

/** Seconds `json.load` takes on the file in `python3`. */
export function jsonLoadSeconds(file: string): number {
  return secondsPrinted("python3", JSON_LOAD, file);
}

/**
 * Seconds tau2-bench's `Results.load` + `compute_metrics` take on the file, in a Python where `tau2` is importable
 * (e.g. tau2-bench's `.venv/bin/python`; PYTHONPATH is passed through).
 */
export function tau2Seconds(python: string, file: string): number {
  return secondsPrinted(python, TAU2_LOAD_AND_SCORE, file);
}
