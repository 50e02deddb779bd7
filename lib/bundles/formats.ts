export const BUNDLE_FORMATS = [
  "loopscope-json",
  "loopscope-jsonl",
  "tau2",
  "tau2-archive",
  "tau2-submission",
  "tau-bench",
  "inspect-eval",
  "inspect-json",
] as const;
export type BundleFormat = (typeof BUNDLE_FORMATS)[number];

export const SUPPORTED_FORMATS_TEXT = [
  'Loopscope bundle v1 as one JSON document ({"schemaVersion": "loopscope.bundle/v1", ...})',
  'Loopscope bundle v1 as JSONL (first line {"type": "header", ...}, then one record per line)',
  "tau2-bench results JSON ({timestamp, info, tasks, simulations})",
  "tau2-bench results directory (results.json + simulations/<id>.json) as .zip or .tar.gz",
  "tau2-bench leaderboard submission (submission.json + trajectories/*.json) as .zip or .tar.gz, or submission.json alone",
  "tau-bench v1 results (a JSON list of {task_id, reward, info, traj, trial})",
  "Inspect AI logs: .eval (a zip with header.json and samples/<id>_epoch_<n>.json) or the single-file .json log",
  "tau2-bench judge review summaries ({total_judged, agree_count, entries}), stored on trajectories already uploaded",
  "any of the JSON encodings may be gzip-compressed",
];
