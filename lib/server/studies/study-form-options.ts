import { listAssignableUsers } from "@/lib/db/studies";
import { listRuns } from "../list-runs";

/** What the new-study form offers: runs (grouped suites derive from them) and assignable people. */
export async function getStudyFormOptions() {
  const [runs, users] = await Promise.all([listRuns(), listAssignableUsers()]);
  // Display names and suite labels are unique, so two runs or suites never read alike in the pickers.
  const suites = new Map(runs.map((run) => [run.suiteId, run.suite]));
  return {
    runs: runs.map((run) => ({ id: run.id, name: run.displayName, model: run.model, suite: run.suite })),
    suites: [...suites.entries()].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
    users,
  };
}
