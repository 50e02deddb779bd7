/**
 * What each annotator types on items 1..6 (default rubric keys: 1 completed, 2 not completed (agent),
 * 3 not completed (user); 4/5 tool hallucination yes/no; 6/7 user hallucination yes/no).
 *
 * Goal completion: A = c c c ag ag us, B = c c ag ag ag us -> 5/6 = 83.3% agree;
 * A: c3 ag2 us1, B: c2 ag3 us1 -> p_e = 13/36, kappa = (30/36 - 13/36)/(23/36) = 17/23 = 0.739.
 */

export const ANNOTATOR_KEYS = {
  a: [
    ["1", "5", "7"],
    ["1", "5", "7"],
    ["1", "5", "7"],
    ["2", "5", "7"],
    ["2", "5", "7"],
    ["3", "5", "7"],
  ],
  b: [
    ["1", "5", "7"],
    ["1", "4", "7"],
    ["2", "5", "7"],
    ["2", "5", "7"],
    ["2", "5", "7"],
    ["3", "5", "7"],
  ],
} as const;

export const EXPECTED_GOAL = { percent: "83.3%", kappa: "0.739" };
