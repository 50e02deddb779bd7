import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/bundles/route";
import { GET } from "@/app/api/experiments/route";
import { createSeededRandom, drawIndex } from "@/lib/metrics/create-seeded-random";
import { uniqueId } from "@/lib/testing/factories";
import { makeTau2Results, tasksFrom, type Tau2TaskTrials } from "@/lib/testing/tau2-results";

const context = { params: Promise.resolve({}) };

async function upload(document: unknown, fileName: string): Promise<string> {
  const request = new Request("http://test/api/bundles", {
    method: "POST",
    body: JSON.stringify(document),
    headers: { "content-type": "application/json", "x-file-name": fileName },
  });
  const response = await POST(request, context);
  expect(response.status).toBe(201);
  const body = (await response.json()) as { runs: { id: string }[] };
  const [run] = body.runs;
  if (!run) throw new Error("no run stored");
  return run.id;
}

// Independent re-computation of everything the matrix shows, straight from the fixture's rewards.
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const majority = (rewards: number[]) => mean(rewards) > 0.5; // a tie (half the trials) is a fail

function discordant(base: Tau2TaskTrials[], sft: Tau2TaskTrials[]): { onlyBase: number; onlySft: number } {
  let onlyBase = 0;
  let onlySft = 0;
  base.forEach((task, index) => {
    const other = sft[index];
    if (!other) throw new Error("tasks differ");
    if (majority(task.rewards) && !majority(other.rewards)) onlyBase += 1;
    if (!majority(task.rewards) && majority(other.rewards)) onlySft += 1;
  });
  return { onlyBase, onlySft };
}

function binomialTwoSided(b: number, c: number): number {
  const n = b + c;
  let tail = 0;
  let coefficient = 1;
  for (let i = 0; i <= Math.min(b, c); i += 1) {
    tail += coefficient;
    coefficient = (coefficient * (n - i)) / (i + 1);
  }
  return Math.min(1, (2 * tail) / 2 ** n);
}

function differences(base: Tau2TaskTrials[], sft: Tau2TaskTrials[]): number[] {
  return base.map((task, index) => mean(sft[index]?.rewards ?? []) - mean(task.rewards));
}

function percentile(sorted: number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const low = sorted[Math.floor(position)] ?? Number.NaN;
  const high = sorted[Math.ceil(position)] ?? Number.NaN;
  return low + (high - low) * (position - Math.floor(position));
}

/** Stratified paired bootstrap as docs/metrics.md defines it: seed 1, 10,000 resamples, strata in column order. */
function stratifiedInterval(strata: number[][]): { low: number; high: number } {
  const random = createSeededRandom(1);
  const total = strata.reduce((sum, s) => sum + s.length, 0);
  const values: number[] = [];
  for (let r = 0; r < 10_000; r += 1) {
    let sum = 0;
    for (const stratum of strata)
      for (let i = 0; i < stratum.length; i += 1) sum += stratum[drawIndex(random, stratum.length)] ?? 0;
    values.push(sum / total);
  }
  values.sort((a, b) => a - b);
  return { low: percentile(values, 0.025), high: percentile(values, 0.975) };
}

const DOMAINS = {
  airline: {
    base: tasksFrom("air", ["110", "000", "100", "111", "010", "000"]),
    sft: tasksFrom("air", ["111", "110", "110", "111", "000", "011"]),
  },
  retail: {
    base: tasksFrom("ret", ["000", "100", "111", "001", "110"]),
    sft: tasksFrom("ret", ["011", "110", "111", "111", "111"]),
  },
  telecom: {
    base: tasksFrom("tel", ["111", "010", "000", "100"]),
    sft: tasksFrom("tel", ["110", "011", "100", "000"]),
  },
};

interface ApiCell {
  suite: string;
  setting: string;
  baseRunId: string;
  candidateRunId: string;
  baseSuccess: { value: number | null } | null;
  candidateSuccess: { value: number | null } | null;
  delta: { estimate: number | null; low: number | null; high: number | null };
  mcnemarP: number | null;
  sharedTasks: number;
  compareHref: string;
}
interface ApiRow {
  pairingKey: string;
  variant: string;
  cells: ApiCell[];
  pooled: {
    estimate: number | null;
    low: number | null;
    high: number | null;
    p: number | null;
    tasks: number;
    strata: number;
    noiseFloorSd: number | null;
  };
}

describe("GET /api/experiments", () => {
  it("pairs base and fine-tuned tau2 uploads of one model on three domains and pools the effect by domain", async () => {
    const model = uniqueId("expmodel").toLowerCase();
    const ids: Record<string, { base: string; sft: string }> = {};
    for (const [domain, runs] of Object.entries(DOMAINS)) {
      const base = await upload(
        makeTau2Results({ domain, model: model, tasks: runs.base }),
        `${model}-${domain}-base.json`,
      );
      const sft = await upload(
        makeTau2Results({
          domain,
          model: `ft:${model}:acme:sft:job1`,
          tasks: runs.sft,
          timestamp: "2026-11-02T10:00:00.000000",
        }),
        `${model}-${domain}-sft.json`,
      );
      ids[domain] = { base, sft };
    }

    const response = await GET(new Request("http://test/api/experiments"), context);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { rows: ApiRow[] };
    const row = body.rows.find((r) => r.pairingKey === model);
    if (!row) throw new Error(`no row for ${model}`);
    expect(row.variant).toBe("sft");
    expect(row.cells.map((cell) => cell.suite)).toEqual(["tau2/airline", "tau2/retail", "tau2/telecom"]);

    let pooledOnlyBase = 0;
    let pooledOnlySft = 0;
    for (const [index, [domain, runs]] of Object.entries(DOMAINS).entries()) {
      const cell = row.cells[index];
      if (!cell) throw new Error(`no cell for ${domain}`);
      // The setting label depends on which policies other tests stored under the same suite first; both runs share it.
      expect(cell).toMatchObject({
        baseRunId: ids[domain]?.base,
        candidateRunId: ids[domain]?.sft,
        sharedTasks: runs.base.length,
      });
      expect(cell.compareHref).toBe(`/compare?runs=${ids[domain]?.base},${ids[domain]?.sft}`);
      expect(cell.baseSuccess?.value).toBeCloseTo(mean(runs.base.flatMap((t) => t.rewards)), 12);
      expect(cell.candidateSuccess?.value).toBeCloseTo(mean(runs.sft.flatMap((t) => t.rewards)), 12);
      expect(cell.delta.estimate).toBeCloseTo(mean(differences(runs.base, runs.sft)), 12);
      expect(cell.delta.low ?? 1).toBeLessThanOrEqual(cell.delta.estimate ?? 0);
      expect(cell.delta.high ?? 0).toBeGreaterThanOrEqual(cell.delta.estimate ?? 1);
      const { onlyBase, onlySft } = discordant(runs.base, runs.sft);
      expect(cell.mcnemarP).toBeCloseTo(binomialTwoSided(onlyBase, onlySft), 12);
      pooledOnlyBase += onlyBase;
      pooledOnlySft += onlySft;
    }

    const strata = Object.values(DOMAINS).map((runs) => differences(runs.base, runs.sft));
    const all = strata.flat();
    expect(row.pooled.tasks).toBe(15);
    expect(row.pooled.strata).toBe(3);
    expect(row.pooled.estimate).toBeCloseTo(mean(all), 12);
    expect(row.pooled.p).toBeCloseTo(binomialTwoSided(pooledOnlyBase, pooledOnlySft), 12);
    const interval = stratifiedInterval(strata);
    expect(row.pooled.low).toBeCloseTo(interval.low, 12);
    expect(row.pooled.high).toBeCloseTo(interval.high, 12);
    // Three trials per task: the noise floor is defined.
    expect(row.pooled.noiseFloorSd).not.toBeNull();

    const csv = await GET(new Request("http://test/api/experiments?format=csv"), context);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const text = await csv.text();
    expect(text.split("\r\n")[0]).toBe(
      // Numbers as numbers: each interval in low and high columns of its own, not a text cell.
      "Model,Variant,Suite,Setting,Base success,Candidate success,Delta,McNemar p,Shared tasks,Noise floor," +
        "Base success low,Base success high,Candidate success low,Candidate success high,Delta low,Delta high",
    );
    expect(text).toContain(`${model},sft,pooled: 15 tasks in 3 suites (stratified),,,,0.244444,`);
  });

  it("refuses an unknown export format with a 400 naming the parameter", async () => {
    const response = await GET(new Request("http://test/api/experiments?format=xlsx"), context);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ issues: [{ path: "query.format" }] });
  });
});
