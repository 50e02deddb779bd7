import { listRunRows } from "@/lib/db/runs";
import { listAssignableUsers } from "@/lib/db/studies";

/** What the new-study form offers: runs (grouped suites derive from them) and assignable people. */
export async function getStudyFormOptions() {
  const [runs, users] = await Promise.all([listRunRows(), listAssignableUsers()]);
  const suites = new Map(runs.map((run) => [run.suite.id, `${run.suite.name} ${run.suite.version}`.trim()]));
  return {
    runs: runs.map((run) => ({ id: run.id, name: run.name, model: run.model.name, suite: run.suite.name })),
    suites: [...suites.entries()].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
    users,
  };
}
