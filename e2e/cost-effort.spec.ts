import { expect, test, uploadBundle } from "./fixtures/upload";
import { uniqueId } from "@/lib/testing/factories";
import { makeTau2Results, tasksFrom } from "@/lib/testing/tau2-results";

test("a tau2 run shows its cost and effort, and its suite the cost-vs-success frontier", async ({ page, request }) => {
  test.setTimeout(180_000);
  const model = uniqueId("costmodel").toLowerCase();
  const domain = uniqueId("costdomain").toLowerCase();
  // 2 tasks x 2 trials, each simulation: agent $0.04, user $0.02, 8 s, 6 messages, 1 agent tool call.
  const cheap = await uploadBundle(
    request,
    makeTau2Results({ domain, model: model, tasks: tasksFrom("c", ["10", "11"]), agentCost: 0.04, duration: 8 }),
    "cheap.json",
  );
  await uploadBundle(
    request,
    makeTau2Results({ domain, model: `${model}-big`, tasks: tasksFrom("c", ["10", "00"]), agentCost: 0.08 }),
    "dear.json",
  );
  const runId = cheap.runs[0]?.id ?? "";

  await page.goto(`/runs/${runId}`);
  const effort = page.getByRole("region", { name: "Cost and effort" });
  await expect(effort.locator('[data-metric="cost"]')).toContainText("$0.06");
  await expect(effort.locator('[data-metric="cost"]')).toContainText("total $0.24");
  await expect(effort.locator('[data-metric="agent-cost"]')).toContainText("$0.04");
  await expect(effort.locator('[data-metric="user-cost"]')).toContainText("$0.02");
  await expect(effort.locator('[data-metric="duration"]')).toContainText("8.0 s");
  await expect(effort.locator('[data-metric="messages"]')).toContainText("6.00");
  await expect(effort.locator('[data-metric="agent-tool-calls"]')).toContainText("1.00");

  await page
    .getByRole("region", { name: "Run" })
    .getByRole("link", { name: `tau2/${domain}` })
    .click();
  await expect(page.getByRole("heading", { name: `Protocol table · tau2/${domain}` })).toBeVisible();
  const chart = page.getByRole("region", { name: "Cost vs success" });
  await expect(chart.getByTestId("cost-success-chart").locator("svg").first()).toBeVisible();
  // The cheaper run also succeeds more often: it alone is the frontier.
  await expect(chart.getByText(/^Frontier:/)).toContainText(`${model} on tau2/${domain} ($0.0400, 75.0%)`);
  await expect(chart.getByText(/^Frontier:/)).not.toContainText(`${model}-big`);
  await page.screenshot({ path: "test-results/cost-vs-success.png", fullPage: true });
});
