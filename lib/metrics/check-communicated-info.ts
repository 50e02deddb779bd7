export interface CommunicateCheck {
  info: string;
  met: boolean;
  /** seq of the first agent message that carries the string; null when none does. */
  foundAt: number | null;
}

export interface AgentText {
  seq: number;
  text: string;
}

/** tau2's normalisation of a message: lower case, commas dropped (so "$23,553" carries "23553"). */
function normalizeMessage(text: string): string {
  return text.toLowerCase().replaceAll(",", "");
}

/**
 * tau2 `evaluate_communicate_info` / tau-bench outputs check: a required string is met when its lower-cased
 * form occurs in any agent message normalised as above. The required string's own commas are kept, as tau2
 * keeps them, so a required "$23,553" is never found.
 */
export function checkCommunicatedInfo(
  required: readonly string[],
  agentMessages: readonly AgentText[],
): CommunicateCheck[] {
  const normalized = agentMessages.map((message) => ({ seq: message.seq, text: normalizeMessage(message.text) }));
  return required.map((info) => {
    const needle = info.toLowerCase();
    const found = normalized.find((message) => message.text.includes(needle));
    return { info, met: found !== undefined, foundAt: found?.seq ?? null };
  });
}
