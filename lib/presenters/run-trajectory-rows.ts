export interface TrajectoryListItem {
  id: string;
  taskExternalId: string;
  trial: number;
  success: boolean | null;
  reward: number | null;
  stopReason: string | null;
  stopReasonInferred: boolean;
  toolErrorCount: number;
  toolErrorsInferred: boolean;
  unresolvedToolErrorCount: number;
  userTurns: number;
  eventCount: number;
  failureCategory: string | null;
  finalReply: string | null;
  finalReplyInferred: boolean;
}

export interface TrajectoryFacetsView {
  stopReasons: (string | null)[];
  failureCategories: string[];
}

const REPLY_PREVIEW = 160;

/** The table shows a preview; the timeline shows the whole reply. */
export function previewReply(reply: string | null): string | null {
  if (reply === null) return null;
  return reply.length > REPLY_PREVIEW ? `${reply.slice(0, REPLY_PREVIEW)}…` : reply;
}
