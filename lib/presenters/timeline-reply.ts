export interface RequiredReply {
  text: string;
  found: boolean;
}

export interface ReplySegment {
  text: string;
  /** The required string this segment matches, if any. */
  match: string | null;
}

export interface ReplyCheckView {
  required: RequiredReply[];
  segments: ReplySegment[];
}

/**
 * Marks each required reply string in the final reply. Found means a case-sensitive
 * substring, the rule the reply check uses; at each position the longest match wins.
 */
export function buildReplyCheckView(finalReply: string | null, requiredReplyInfo: readonly string[]): ReplyCheckView {
  const reply = finalReply ?? "";
  const required = requiredReplyInfo.map((text) => ({ text, found: finalReply !== null && text.length > 0 && reply.includes(text) }));
  const needles = [...new Set(required.filter((item) => item.found).map((item) => item.text))].sort((a, b) => b.length - a.length);
  const segments: ReplySegment[] = [];
  let plainStart = 0;
  let index = 0;
  while (index < reply.length) {
    const needle = needles.find((candidate) => reply.startsWith(candidate, index));
    if (!needle) {
      index += 1;
      continue;
    }
    if (index > plainStart) segments.push({ text: reply.slice(plainStart, index), match: null });
    segments.push({ text: needle, match: needle });
    index += needle.length;
    plainStart = index;
  }
  if (plainStart < reply.length) segments.push({ text: reply.slice(plainStart), match: null });
  return { required, segments };
}
