import { getRunTaskGrid } from "@/lib/server/get-run-page";
import type { RunPageQuery } from "@/lib/presenters/run-page-query";
import { TaskGrid } from "@/components/run/task-grid";

export async function GridSection({ runId, query }: { runId: string; query: RunPageQuery }) {
  return <TaskGrid runId={runId} grid={await getRunTaskGrid(runId, query)} query={query} />;
}
