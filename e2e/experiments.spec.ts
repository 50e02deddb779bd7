import { expect, test, uploadBundle } from "./fixtures/upload";
import { uniqueId } from "@/lib/testing/factories";
import { makeTau2Results, tasksFrom } from "@/lib/testing/tau2-results";

test.describe("experiment matrix", () => {
  // Several server-rendered pages in one test on a shared 2-core machine.
  test.describe.configure({ timeout: 180_000 });
  const model = uniqueId("e2emodel").toLowerCase();
  const runs: Record<string, { base: string; sft: string }> = {};

  // A delta of exactly 0 with a wide interval: tasks 2/2 -> 0/2 and 0/2 -> 2/2.
  const flatModel = uniqueId("e2eflat").toLowerCase();

  test.beforeAll(async ({ request }) => {
    for (const [name, tasks] of [
      [flatModel, tasksFrom("flat", ["11", "00"])],
      [`ft:${flatModel}:acme:sft:j1`, tasksFrom("flat", ["00", "11"])],
    ] as const)
      await uploadBundle(request, makeTau2Results({ domain: "retail", model: name, tasks }), `${name}.json`);
    // airline: tasks 1/2 -> 2/2 and 0/2 -> 2/2 (+75 pp); retail: 2/2 -> 0/2 (-100 pp).
    const domains = {
      airline: { base: tasksFrom("air", ["10", "00"]), sft: tasksFrom("air", ["11", "11"]) },
      retail: { base: tasksFrom("ret", ["11"]), sft: tasksFrom("ret", ["00"]) },
    };
    for (const [domain, outcomes] of Object.entries(domains)) {
      const base = await uploadBundle(
        request,
        makeTau2Results({ domain, model: model, tasks: outcomes.base }),
        `${model}-${domain}.json`,
      );
      const sft = await uploadBundle(
        request,
        makeTau2Results({ domain, model: `ft:${model}:acme:sft:j1`, tasks: outcomes.sft }),
        `ft-${model}-${domain}.json`,
      );
      runs[domain] = { base: base.runs[0]?.id ?? "", sft: sft.runs[0]?.id ?? "" };
    }
  });

  test("shows the paired deltas per domain and the pooled effect, and links a cell to its comparison", async ({
    page,
  }) => {
    await page.goto("/runs");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Experiments" }).click();
    await expect(page.getByRole("heading", { name: "Experiments", level: 1 })).toBeVisible();

    const row = page.getByTestId(`experiment-row-${model}-sft`);
    await expect(row).toBeVisible();
    await expect(row.getByTestId("cell-delta")).toHaveText(["+75.0 pp", "\u2212100.0 pp"]);
    // McNemar on majority outcomes: airline 2 fixed (the 1/2 tie counts as a fail): p = 0.5; retail 1 broken: p = 1.
    await expect(row.getByTestId("cell-p")).toHaveText(["0.500", "1.000"]);
    // Pooled over the three tasks: (0.5 + 1 - 1) / 3.
    await expect(row.getByTestId("pooled-delta")).toHaveText("+16.7 pp");
    await expect(row.getByTestId("pooled-p")).toHaveText("1.000");
    await expect(page.getByTestId("delta-chart").locator("svg").first()).toBeVisible();
    await page.screenshot({ path: "test-results/experiments-page.png", fullPage: true });

    const airline = runs.airline;
    if (!airline) throw new Error("airline runs missing");
    await row
      .getByRole("link", { name: /: compare / })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/compare\\?runs=${airline.base},${airline.sft}$`));
    await expect(page.getByRole("heading", { name: "Compare runs" })).toBeVisible();
    await expect(
      page.getByRole("table", { name: "Protocol table" }).locator('tr[data-metric="successRate"]'),
    ).toContainText("+75.0 pp");
  });

  test("draws the interval of a zero delta (a zero-width bar)", async ({ page }) => {
    await page.goto("/experiments");
    await expect(page.getByTestId(`experiment-row-${flatModel}-sft`).getByTestId("cell-delta")).toHaveText(["0.0 pp"]);
    const chart = page.getByTestId("delta-chart");
    const rows = chart.locator(".recharts-yAxis .recharts-cartesian-axis-tick");
    await expect(chart.locator(".recharts-errorBar").first()).toBeAttached();
    // One interval per charted row, the zero delta's included.
    await expect(chart.locator(".recharts-errorBar")).toHaveCount(await rows.count());
  });

  test("exports the matrix as CSV, Markdown and LaTeX", async ({ request }) => {
    const csv = await request.get("/api/experiments?format=csv");
    expect(csv.headers()["content-type"]).toContain("text/csv");
    // Numbers as numbers (25.0% -> 0.25), no formula guard on them (it wrote '+75.0 pp).
    const text = await csv.text();
    expect(text).toMatch(new RegExp(`${model},sft,tau2/airline,[^,]+,0.25,1,0.75,0.5,2,`));
    expect(text).not.toContain("'+");
    const markdown = await (await request.get("/api/experiments?format=md")).text();
    expect(markdown).toContain(`| ${model} | sft | pooled: 3 tasks in 2 suites (stratified) |`);
    const latex = await (await request.get("/api/experiments?format=tex")).text();
    expect(latex).toContain("\\begin{tabular}{llllrrrrrrr}");
  });
});
