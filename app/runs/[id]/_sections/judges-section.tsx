import { getRunJudges } from "@/lib/server/get-run-judges";
import { buildJudgesView } from "@/lib/presenters/run-judges";
import { JudgesView } from "@/components/run/judges-view";

export async function JudgesSection({ runId, canStartStudy }: { runId: string; canStartStudy: boolean }) {
  return <JudgesView runId={runId} view={buildJudgesView(await getRunJudges(runId))} canStartStudy={canStartStudy} />;
}
