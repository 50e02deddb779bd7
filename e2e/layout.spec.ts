import { expect, test, uploadBundle } from "./fixtures/upload";
import type { Page } from "@playwright/test";
import { uniqueId } from "@/lib/testing/factories";
import { makeTau2Results, tasksFrom } from "@/lib/testing/tau2-results";

// A task id long enough to widen any table cell that does not wrap it.
const LONG_TASK = `[mobile_data_issue]airplane_mode_on|bad_network_preference|data_mode_off|user_abroad_roaming_disabled_on[PERSONA:${"Hard".repeat(8)}]`;

async function pageWidths(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
    innerWidth: window.innerWidth,
  }));
}

test.describe("layout at 390 px and 1440 px", () => {
  test.describe.configure({ timeout: 120_000 });
  const paths: Record<string, string> = {};

  test.beforeAll(async ({ request }) => {
    const model = uniqueId("layoutmodel").toLowerCase();
    const tasks = [...tasksFrom("lay", ["10", "01"]), { id: LONG_TASK, rewards: [1, 0] }];
    const base = await uploadBundle(
      request,
      makeTau2Results({ domain: "telecom", model: model, tasks }),
      `${model}.json`,
    );
    const sft = await uploadBundle(
      request,
      makeTau2Results({ domain: "telecom", model: `ft:${model}:acme:sft:x`, tasks }),
      `ft-${model}.json`,
    );
    const baseId = base.runs[0]?.id ?? "";
    const sftId = sft.runs[0]?.id ?? "";
    const trajectories = (await (await request.get(`/api/runs/${baseId}/trajectories`)).json()) as {
      trajectories: { id: string }[];
    };
    const trajectoryId = trajectories.trajectories[0]?.id ?? "";
    const experiments = (await (await request.get("/api/experiments")).json()) as {
      rows: { pairingKey: string; cells: { suiteId: string }[] }[];
    };
    const suiteId = experiments.rows.find((row) => row.pairingKey === model)?.cells[0]?.suiteId ?? "";
    Object.assign(paths, {
      runs: "/runs",
      experiments: "/experiments",
      upload: "/upload",
      studies: "/studies",
      run: `/runs/${baseId}`,
      compare: `/compare?runs=${baseId},${sftId}`,
      protocol: `/suites/${suiteId}/protocol`,
      trajectory: `/runs/${baseId}/trajectories/${trajectoryId}`,
      search: "/search?q=refund",
    });
    expect(suiteId).not.toBe("");
    expect(trajectoryId).not.toBe("");
  });

  const PAGES = ["runs", "experiments", "upload", "studies", "run", "trajectory", "compare", "protocol", "search"];
  for (const width of [390, 1440]) {
    for (const name of PAGES) {
      test(`${name} is no wider than a ${width} px viewport`, async ({ page }) => {
        const path = paths[name] ?? "";
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
        await page.screenshot({ path: `test-results/layout/${name}-${width}.png`, fullPage: true });
        const { scrollWidth, innerWidth } = await pageWidths(page);
        expect(scrollWidth, `${path} at ${width} px`).toBeLessThanOrEqual(innerWidth);
      });
    }
  }

  test("at 390 px every navigation link is on screen and works", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/runs");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const link of await nav.getByRole("link").all()) {
      const box = await link.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBeTruthy();
    }
    await nav.getByRole("link", { name: "Experiments" }).click();
    await expect(page.getByRole("heading", { name: "Experiments", level: 1 })).toBeVisible();
  });
});
