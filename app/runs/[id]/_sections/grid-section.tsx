import { getRunTaskCells } from "@/lib/server/get-run-page";
import { buildTaskGrid } from "@/lib/presenters/task-grid";
import type { RunPageQuery } from "@/lib/presenters/run-page-query";
import { TaskGrid } from "@/components/run/task-grid";

export async function GridSection({ runId, query }: { runId: string; query: RunPageQuery }) {
  const cells = await getRunTaskCells(runId);
  return <TaskGrid runId={runId} grid={buildTaskGrid(cells, query.gridSort)} query={query} />;
}
