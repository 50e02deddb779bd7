import { buildBundleVerdict } from "./verdict-bundle";
import type { VerdictInput } from "./verdict-input";
import { buildTauBenchVerdict } from "./verdict-tau-bench";
import { buildTau2Verdict } from "./verdict-tau2";
import type { VerdictModel } from "./verdict-types";

/** The benchmark's own verdict of one trajectory, by the format its run came in. */
export function buildVerdict(input: VerdictInput): VerdictModel {
  if (input.sourceFormat === "tau2" || input.sourceFormat === "tau2-archive") return buildTau2Verdict(input);
  if (input.sourceFormat === "tau-bench") return buildTauBenchVerdict(input);
  return buildBundleVerdict(input);
}
