import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { uniqueId } from "@/lib/testing/factories";
import { makeTau2Results } from "@/lib/testing/tau2-results";
import { expect, test } from "./fixtures/upload";

function writeResultsFile(document: object, name: string): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "loopscope-e2e-")), name);
  writeFileSync(file, JSON.stringify(document));
  return file;
}

test.describe.configure({ timeout: 240_000 });

test("tags set on the upload form appear on the run page and filter the leaderboard", async ({ page, upload }) => {
  const domain = `airline-${uniqueId("e2e-tags")}`;
  const experiment = uniqueId("exp");
  // An untagged run of the same model and domain, which the tag filter must hide.
  await upload(makeTau2Results({ model: "xai/grok-3", domain, trials: 2 }), `${domain}-untagged.json`);
  await page.goto("/upload");
  await page.getByLabel("Tags (key=value, one per line)").fill(`experiment=${experiment}\nowner=ana`);
  await page
    .getByLabel("Bundle files")
    .setInputFiles(
      writeResultsFile(makeTau2Results({ model: "xai/grok-3", domain, trials: 4 }), `${domain}-tagged.json`),
    );
  await expect(page.getByRole("region", { name: `Upload of ${domain}-tagged.json` }).getByRole("status")).toContainText(
    "Stored (tau2)",
    { timeout: 60_000 },
  );

  await page.goto(`/runs?tag=experiment=${experiment}&minTasks=0`);
  const rows = page.getByRole("row").filter({ hasText: `grok-3 on tau2/${domain}` });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("3 x 4");
  await page.screenshot({ path: "test-results/identity-tag-filter.png" });
  await rows
    .first()
    .getByRole("link", { name: `grok-3 on tau2/${domain}, 3 tasks x 4 trials` })
    .click();

  const tags = page.getByRole("list", { name: "Tags" });
  await expect(tags).toContainText(`experiment=${experiment}`);
  await expect(tags).toContainText("owner=ana");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`grok-3 on tau2/${domain}, 3 tasks x 4 trials`);
  await page.screenshot({ path: "test-results/identity-run-tags.png" });

  await page.goto(`/runs?q=${encodeURIComponent(domain)}&minTasks=0`);
  await expect(page.getByRole("row").filter({ hasText: `grok-3 on tau2/${domain}` })).toHaveCount(2);
});

test("comparing runs of different suites is refused, with links to each suite's pair and an explicit opt-in", async ({
  page,
  upload,
}) => {
  const stamp = uniqueId("e2e-cross");
  const ids: Record<string, { base: string; sft: string }> = {};
  for (const domain of ["airline", "retail"]) {
    const name = `${domain}-${stamp}`;
    const base = await upload(
      makeTau2Results({ model: "gpt-4.1", domain: name, timestamp: "2026-11-01T10:00:00.000000" }),
      `${name}-base.json`,
    );
    const sft = await upload(
      makeTau2Results({
        model: "ft:gpt-4.1-2025-04-14:acme:sft:abc123",
        domain: name,
        timestamp: "2026-11-02T10:00:00.000000",
      }),
      `${name}-sft.json`,
    );
    ids[domain] = { base: base.runs[0]?.id ?? "", sft: sft.runs[0]?.id ?? "" };
  }
  const airline = ids.airline ?? { base: "", sft: "" };
  const retail = ids.retail ?? { base: "", sft: "" };
  await page.goto(`/compare?runs=${airline.base},${retail.sft}`);
  const refusal = page.getByRole("alert", { name: "Cross-suite comparison refused" });
  await expect(refusal).toContainText("These runs come from different suites");
  await expect(refusal).toContainText(`tau2/airline-${stamp}`);
  await expect(page.getByRole("heading", { name: "Protocols" })).toHaveCount(0);
  await page.screenshot({ path: "test-results/identity-cross-suite-refused.png" });

  await refusal.getByRole("link", { name: `tau2/airline-${stamp}: pair of gpt-4.1 on tau2/airline-${stamp}` }).click();
  await expect(page).toHaveURL(new RegExp(`runs=${airline.base},${airline.sft}`));
  await expect(page.getByRole("heading", { name: "Protocols", exact: true })).toBeVisible();

  await page.goto(`/compare?runs=${airline.base},${retail.sft}`);
  await page.getByRole("link", { name: "compare across suites" }).click();
  await expect(page.getByRole("heading", { name: "Protocols (cross-suite)" })).toBeVisible();
  await expect(page.getByRole("note", { name: "Comparison caveats" })).toContainText("Cross-suite comparison");
});
