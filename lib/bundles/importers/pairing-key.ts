export interface DerivedPairing {
  /** The base model's name without provider, date or fine-tune marks, lowercased: shared by a model and its fine-tunes. */
  pairingKey: string;
  /** "sft" when the name marks a fine-tune (OpenAI ft: ids or a suffix such as -sft, -lora, -checkpoint-123), else "base". */
  variant: string;
}

// OpenAI fine-tune ids: ft:<base>:<org>[:<suffix>]:<job id>
const OPENAI_FINE_TUNE = /^ft:([^:]+):/;
// Release dates providers append (gpt-4.1-2025-04-14, claude-3-5-sonnet-20241022, gpt-4-0613).
const DATE_SUFFIX = /-(\d{4}-\d{2}-\d{2}|\d{8}|\d{4})$/;
// Suffixes that training tools and people append to fine-tuned weights.
const FINE_TUNE_SUFFIX =
  /[-_.](sft|lora|qlora|ft|fine-?tuned?|finetune|tuned|checkpoint[-_]?\d*|ckpt[-_]?[\w]*|step[-_]?\d+|epoch[-_]?\d+)$/i;

function stripProvider(raw: string): string {
  // "ft:" ids contain colons, never slashes, so the last slash separates a provider route.
  const slash = raw.lastIndexOf("/");
  return slash <= 0 ? raw : raw.slice(slash + 1);
}

function stripDate(name: string): string {
  return name.replace(DATE_SUFFIX, "");
}

/**
 * Derives the key that pairs a base model with its fine-tunes from a model id as benchmarks
 * record it: `ft:gpt-4.1-2025-04-14:acme:sft:abc123` and `gpt-4.1` both give `gpt-4.1`.
 */
export function derivePairing(raw: string): DerivedPairing {
  let name = stripProvider(raw.trim());
  let variant = "base";
  const fineTune = OPENAI_FINE_TUNE.exec(name);
  if (fineTune?.[1]) {
    name = fineTune[1];
    variant = "sft";
  }
  name = stripDate(name);
  // A suffix may follow another (qwen3-4b-sft-checkpoint-200) or a date may sit before it.
  for (
    let match = FINE_TUNE_SUFFIX.exec(name);
    match !== null && match.index > 0;
    match = FINE_TUNE_SUFFIX.exec(name)
  ) {
    name = stripDate(name.slice(0, match.index));
    variant = "sft";
  }
  return { pairingKey: name.toLowerCase(), variant };
}
