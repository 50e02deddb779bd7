import { BundleInputError } from "@/lib/bundles/issues";
import { choosePolicyVariant, chooseTaskSet, hashPolicy } from "@/lib/bundles/rows/run-identity";
import { runDisplayName } from "@/lib/bundles/rows/prepare-header";
import type { BundleHeader } from "@/lib/bundles/schema/bundle";
import type { JsonObject } from "@/lib/bundles/schema/common";
import type { RunTags } from "@/lib/bundles/schema/run-tags";
import type { IngestSession } from "@/lib/db/ingest-session";
import { upsertSuite } from "@/lib/db/ingest-writes";
import { findPairTarget, listSuitePolicyHashes, listSuiteTaskSets, lockSuiteName } from "@/lib/db/suite-versions";
import type { UploadOptions } from "./upload-options";

export interface ResolvedSuite {
  suiteId: string;
  taskSetVersion: number;
  /** The policy of the suite's first upload: runs under it have no policy variant. */
  suitePolicy: string | null;
}

/** Finds the task set (suite) this upload belongs to, or creates the next one of its name. */
export async function resolveSuiteTaskSet(
  tx: IngestSession,
  header: BundleHeader,
  tasks: { externalId: string; definitionHash: string }[],
): Promise<ResolvedSuite> {
  const { name, version } = header.suite;
  await lockSuiteName(tx, { name, version });
  const taskSets = await listSuiteTaskSets(tx, { name, version, tasks });
  const choice = chooseTaskSet(taskSets);
  if (choice.suiteId !== null)
    return {
      suiteId: choice.suiteId,
      taskSetVersion: choice.version,
      suitePolicy: taskSets[choice.version - 1]?.policy ?? null,
    };
  const suiteId = await upsertSuite(tx, {
    name,
    version,
    domain: header.suite.domain ?? null,
    policy: header.suite.policy ?? null,
    tools: header.suite.tools,
    definitionHash: `task-set:${choice.version}`,
  });
  return { suiteId, taskSetVersion: choice.version, suitePolicy: header.suite.policy ?? null };
}

const IMPORTED_FORMATS = new Set(["tau2", "tau2-archive", "tau2-submission", "tau-bench"]);

export interface RunIdentity {
  name: string;
  nameIsCustom: boolean;
  variant: string;
  pairingKey: string | null;
  tags: RunTags;
  metadata: JsonObject;
}

function namedPolicyVariant(metadata: JsonObject | undefined): string | null {
  const value = metadata?.policyVariant;
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

async function resolvePairingKey(
  tx: IngestSession,
  pair: string | undefined,
  fallback: string | null,
): Promise<string | null> {
  if (pair === undefined) return fallback;
  const target = await findPairTarget(tx, { runId: pair });
  if (!target) return pair;
  if (target.pairingKey === null)
    throw new BundleInputError({
      path: "pair",
      message: `run ${pair} has no pairing key; set one on its page, or pass a pairing key instead of its id`,
    });
  return target.pairingKey;
}

/**
 * Name, variant, pairing key, tags and settings of one uploaded run: what the bundle says,
 * overridden by the uploader's options, with the settings every run carries in its metadata
 * (userMode, policyVariant, policyHash, taskSetVersion; see lib/presenters/run-setting.ts).
 */
export async function resolveRunIdentity(
  tx: IngestSession,
  {
    run,
    header,
    format,
    suite,
    options,
  }: {
    run: BundleHeader["runs"][number];
    header: BundleHeader;
    format: string;
    suite: ResolvedSuite;
    options: UploadOptions;
  },
): Promise<RunIdentity> {
  const policyHash = hashPolicy(header.suite.policy);
  const knownHashes = await listSuitePolicyHashes(tx, { suiteId: suite.suiteId });
  const policyVariant = choosePolicyVariant({
    named: namedPolicyVariant(run.metadata),
    policyHash,
    suitePolicyHash: hashPolicy(suite.suitePolicy),
    knownHashes,
  });
  const userMode =
    typeof run.metadata?.userMode === "string" && run.metadata.userMode.trim() !== ""
      ? run.metadata.userMode.trim()
      : "default";
  return {
    name: runDisplayName(run),
    nameIsCustom: !IMPORTED_FORMATS.has(format) && run.name !== undefined,
    variant: options.variant ?? run.variant,
    pairingKey: await resolvePairingKey(tx, options.pair, run.pairingKey ?? null),
    tags: { ...(run.tags ?? {}), ...options.tags },
    metadata: { ...(run.metadata ?? {}), userMode, policyVariant, policyHash, taskSetVersion: suite.taskSetVersion },
  };
}
