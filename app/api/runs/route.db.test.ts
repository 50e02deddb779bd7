import { describe, expect, it } from "vitest";
import { uniqueId } from "@/lib/testing/factories";
import { makeTau2Results } from "@/lib/testing/tau2-results";
import { POST } from "../bundles/route";
import { GET } from "./route";

const context = { params: Promise.resolve({}) };

async function postWithOptions(document: object, query: string): Promise<Response> {
  return POST(
    new Request(`http://test/api/bundles?${query}`, {
      method: "POST",
      body: JSON.stringify(document),
      headers: { "content-type": "application/json", "x-file-name": "r.json" },
    }),
    context,
  );
}

describe("GET /api/runs", () => {
  it("returns display names, tags, metadata and pairs, and filters by ?tag=key=value", async () => {
    const domain = `telecom-${uniqueId("api")}`;
    const experiment = uniqueId("exp");
    const base = await postWithOptions(
      makeTau2Results({
        model: "gpt-4.1",
        domain,
        agentImplementation: "llm_agent_solo",
        userImplementation: "dummy_user",
      }),
      `tag=${encodeURIComponent(`experiment=${experiment}`)}`,
    );
    expect(base.status).toBe(201);
    const sft = await postWithOptions(
      makeTau2Results({
        model: "ft:gpt-4.1-2025-04-14:acme:sft:abc123",
        domain,
        agentImplementation: "llm_agent_solo",
        userImplementation: "dummy_user",
      }),
      `tag=${encodeURIComponent(`experiment=${experiment}`)}&tag=arm%3Dsft`,
    );
    expect(sft.status).toBe(201);
    const response = await GET(
      new Request(`http://test/api/runs?tag=${encodeURIComponent(`experiment=${experiment}`)}`),
      context,
    );
    const { runs } = (await response.json()) as {
      runs: {
        id: string;
        displayName: string;
        tags: Record<string, string>;
        metadata: Record<string, unknown>;
        pairedRunIds: string[];
        variant: string;
      }[];
    };
    expect(runs).toHaveLength(2);
    const [sftRun, baseRun] = [runs.find((run) => run.variant === "sft"), runs.find((run) => run.variant === "base")];
    expect(sftRun).toMatchObject({
      displayName: `ft:gpt-4.1-2025-04-14:acme:sft:abc123 on tau2/${domain} (no-user)`,
      tags: { experiment, arm: "sft" },
      pairedRunIds: [baseRun?.id],
    });
    expect(baseRun?.metadata).toMatchObject({
      source: "tau2",
      userMode: "no-user",
      policyVariant: null,
      taskSetVersion: 1,
      num_trials: 1,
      seed: 300,
      agentModel: "gpt-4.1",
    });
    const both = await GET(
      new Request(`http://test/api/runs?tag=${encodeURIComponent(`experiment=${experiment}`)}&tag=arm%3Dsft`),
      context,
    );
    expect(((await both.json()) as { runs: unknown[] }).runs).toHaveLength(1);
  });

  it("answers a located 400 for a malformed tag filter, and an upload with one is a 422 that stores nothing", async () => {
    const response = await GET(new Request("http://test/api/runs?tag=broken"), context);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      issues: [{ path: "query.tag[0]", message: 'tag "broken" must be written key=value' }],
    });
    const upload = await postWithOptions(makeTau2Results({ model: "m", domain: uniqueId("bad-tag") }), "tag=broken");
    expect(upload.status).toBe(422);
    expect(await upload.json()).toMatchObject({
      issues: [{ path: "tag[0]", message: 'tag "broken" must be written key=value' }],
    });
  });
});
