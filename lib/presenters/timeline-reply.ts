import { checkCommunicatedInfo, type AgentText, type ReplyRule } from "@/lib/metrics";
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
  /** How "found" was decided when it is not the bundle rule (case-sensitive, in the final reply). */
  ruleNote: string | null;
}

export interface ReplyRuleOptions {
  rule: ReplyRule;
  agentMessages: readonly AgentText[];
}

/**
 * Marks each required reply string in the final reply. Found means a case-sensitive
 * substring, the rule the reply check uses; at each position the longest match wins.
 */
export function buildReplyCheckView(
  finalReply: string | null,
  requiredReplyInfo: readonly string[],
  options?: ReplyRuleOptions,
): ReplyCheckView {
  const reply = finalReply ?? "";
  const communicated =
    options?.rule === "any-agent-message" ? checkCommunicatedInfo(requiredReplyInfo, options.agentMessages) : null;
  const required = requiredReplyInfo.map((text, index) => ({
    text,
    found: communicated
      ? communicated[index]?.met === true
      : finalReply !== null && text.length > 0 && reply.includes(text),
  }));
  const needles = [
    ...new Set(
      required
        .filter((item) => item.found && item.text.length > 0 && reply.includes(item.text))
        .map((item) => item.text),
    ),
  ].sort((a, b) => b.length - a.length);
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
  const ruleNote = communicated
    ? "found = in any agent message, ignoring case and commas (the benchmark's rule); only exact occurrences in the final reply are highlighted"
    : null;
  return { required, segments, ruleNote };
}
