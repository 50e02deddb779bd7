import { derivePairing } from "./pairing-key";

export interface InferredModel {
  /** The model's name without the provider prefix, e.g. "grok-3" for "xai/grok-3". */
  name: string;
  family?: string;
  size?: string;
  /** "sft" for fine-tunes (ft:..., -sft, -lora, checkpoints), else "base". */
  variant: string;
  /** The base model's name without date or fine-tune marks, shared by a model and its fine-tunes (see pairing-key.ts). */
  pairingKey: string;
  /** The routing prefix (litellm style "xai/"), kept for run metadata. */
  provider?: string;
}

// OpenAI fine-tune ids: ft:<base>:<org>[:<suffix>]:<job id>
const OPENAI_FINE_TUNE = /^ft:([^:]+):/;
const DATE_SUFFIX = /-(\d{4}-\d{2}-\d{2}|\d{8}|\d{4})$/;
const SIZE = /(?:^|[-_:/])(\d+(?:\.\d+)?)([bm])(?=$|[-_:.])/i;

function splitProvider(raw: string): { provider?: string; name: string } {
  // "ft:" ids contain colons, never slashes, so the last slash separates a provider route.
  const slash = raw.lastIndexOf("/");
  if (slash <= 0) return { name: raw };
  return { provider: raw.slice(0, slash), name: raw.slice(slash + 1) };
}

function inferFamily(base: string): string | undefined {
  const lower = base.toLowerCase().replace(DATE_SUFFIX, "");
  // GPT versions are distinct families (gpt-4o, gpt-4.1, gpt-3.5-turbo): keep the version and a mini/nano tier.
  const gpt = /^(gpt-[0-9][0-9a-z.]*(?:-(?:mini|nano))?)/.exec(lower);
  if (gpt?.[1]) return gpt[1];
  const leading = /^([a-z][a-z0-9.]*)/.exec(lower);
  return leading?.[1]?.replace(/\.$/, "");
}

function inferSize(base: string): string | undefined {
  const match = SIZE.exec(base);
  if (!match?.[1] || !match[2]) return undefined;
  return `${match[1]}${match[2].toUpperCase()}`;
}

/** Reads family, size and fine-tune variant from a model id as benchmarks record it. */
export function inferModel(raw: string): InferredModel {
  const trimmed = raw.trim();
  const { provider, name } = splitProvider(trimmed);
  const fineTune = OPENAI_FINE_TUNE.exec(name);
  const base = fineTune?.[1] ?? name;
  const family = inferFamily(base);
  const size = inferSize(base);
  const pairing = derivePairing(name);
  return {
    name,
    variant: pairing.variant,
    pairingKey: pairing.pairingKey,
    ...(family === undefined ? {} : { family }),
    ...(size === undefined ? {} : { size }),
    ...(provider === undefined ? {} : { provider }),
  };
}
