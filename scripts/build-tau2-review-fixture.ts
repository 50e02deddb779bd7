// Writes lib/testing/fixtures/tau2-reviewed-airline.json: five simulations of the shared real tau2 file
// (tau2-judges/azure-airline-full.json under LOOPSCOPE_REAL_DATA, tau2-bench's judge_viewer data, MIT) with `review` and
// `user_only_review` objects added in tau2's shape, so the review tests run in a lone clone. Run it again after
// changing the reviews below: `npx tsx scripts/build-tau2-review-fixture.ts [path of azure-airline-full.json]`.
// The simulation ids get a "-reviewed" suffix so the fixture never attaches to the shared file's run.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { realDataFile } from "@/lib/testing/real-data";

export const FIXTURE_PATH = fileURLToPath(
  new URL("../lib/testing/fixtures/tau2-reviewed-airline.json", import.meta.url),
);

interface Simulation {
  id: string;
  task_id: string;
  [key: string]: unknown;
}

function error(
  source: "agent" | "user" | "unknown",
  severity: string,
  turn: number,
  tags: string[],
  reasoning: string,
  correct: string,
  errorType?: string,
) {
  return {
    source,
    ...(errorType ? { error_type: errorType } : {}),
    error_tags: tags,
    severity,
    turn_idx: turn,
    reasoning,
    correct_behavior: correct,
  };
}

function review(summary: string, errors: ReturnType<typeof error>[]) {
  const critical = errors.some((e) => e.source === "user" && e.severity.startsWith("critical"));
  return {
    summary,
    agent_error: errors.some((e) => e.source === "agent"),
    user_error: errors.some((e) => e.source === "user"),
    critical_user_error: critical,
    has_errors: errors.length > 0,
    errors,
    cost: 0.0123,
  };
}

/** By the shared file's simulation id prefix; the simulation without an entry keeps no review. */
const REVIEWS: Record<string, { review?: unknown; userOnly?: unknown }> = {
  "7ad146cf": { review: review("The agent verified the reservation and transferred as the policy asks.", []) },
  "8970e0b1": {
    review: review("The agent confirmed a baggage allowance no tool result supports.", [
      error(
        "agent",
        "critical",
        8,
        ["hallucination"],
        "The agent confirmed 6 suitcases; neither the reservation nor the policy supports that total.",
        "Count the free bags from the membership and cabin in the reservation, then answer.",
      ),
    ]),
  },
  "98d80c47": {
    review: review("The user invented an earlier promise and the agent cancelled against the policy.", [
      error(
        "agent",
        "minor",
        6,
        ["irrelevant_tool_call"],
        "The agent fetched all five reservations although the user named the route.",
        "Look up only the reservation for the route the user gave.",
        "content_error",
      ),
      error(
        "user",
        "critical_hindered",
        13,
        ["hallucination"],
        "The user claims a representative promised a refund; the instructions say nothing of it.",
        "Ask for the cancellation without inventing an earlier promise.",
      ),
      error(
        "agent",
        "critical",
        14,
        ["guideline_violation"],
        "The agent accepted the claimed promise and cancelled a reservation the policy does not allow to cancel.",
        "Refuse the cancellation: the booking is past 24 hours, not business class and has no insurance.",
      ),
    ]),
    userOnly: review("The user invented an earlier promise.", [
      error(
        "user",
        "critical_hindered",
        13,
        ["hallucination"],
        "The promise of a refund is not in the user instructions.",
        "Ask for the cancellation without inventing an earlier promise.",
      ),
    ]),
  },
  "703a9244": {
    review: review("The user volunteered details before being asked, which made the agent's task easier.", [
      error(
        "user",
        "critical_helped",
        1,
        ["hallucination", "revealed_info_early"],
        "The user gave the flight number and membership before the agent asked, and a meeting the instructions do not mention.",
        "State the problem and wait for the agent to ask for the user id.",
      ),
    ]),
  },
  "193a78f2": {},
};

export function buildTau2ReviewFixture(source: {
  timestamp: unknown;
  info: unknown;
  tasks: { id: string }[];
  simulations: Simulation[];
}) {
  const picked = Object.entries(REVIEWS).map(([prefix, reviews]) => {
    const simulation = source.simulations.find((candidate) => candidate.id.startsWith(prefix));
    if (!simulation) throw new Error(`no simulation ${prefix} in the source file`);
    return {
      ...simulation,
      id: `${simulation.id}-reviewed`,
      ...(reviews.review ? { review: reviews.review } : {}),
      ...(reviews.userOnly ? { user_only_review: reviews.userOnly } : {}),
    };
  });
  const taskIds = new Set(picked.map((simulation) => simulation.task_id));
  return {
    timestamp: source.timestamp,
    info: source.info,
    tasks: source.tasks.filter((task) => taskIds.has(task.id)),
    simulations: picked,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // The shared file, found as the tests find it (LOOPSCOPE_REAL_DATA); absent, the error says how to point at it.
  const from = process.argv[2] ?? realDataFile("tau2-judges", "azure-airline-full.json");
  const source = JSON.parse(readFileSync(from, "utf8")) as Parameters<typeof buildTau2ReviewFixture>[0];
  writeFileSync(FIXTURE_PATH, `${JSON.stringify(buildTau2ReviewFixture(source), null, 1)}\n`);
  console.log(`wrote ${FIXTURE_PATH}`);
}
