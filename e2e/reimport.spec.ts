import { IMPORTER_VERSION } from "@/lib/bundles/importer-version";
import { uniqueId } from "@/lib/testing/factories";
import { makeTau2Results } from "@/lib/testing/tau2-results";
import { sql } from "./support/sql";
import { expect, test } from "./fixtures/upload";

test("an admin re-imports a run read by an older importer; a worker reads its kept upload and the run keeps its id", async ({
  page,
  upload,
}) => {
  const domain = `retail-${uniqueId("e2e-reimport")}`;
  const stored = await upload(makeTau2Results({ model: "xai/grok-3", domain, trials: 2 }), `${domain}.json`);
  const run = stored.runs[0];
  if (!run) throw new Error("no run stored");
  await sql(`UPDATE "Run" SET "importerVersion" = 1 WHERE id = $1`, [run.id]);

  await page.goto(`/runs/${run.id}`);
  const header = page.getByRole("region", { name: "Run" });
  await expect(header).toContainText(`importer v1 (current v${IMPORTER_VERSION}: re-import to read it again)`);
  await page.getByText("Re-import from the raw upload").click();
  await page.getByRole("button", { name: "Re-import" }).click();
  // The server has a job queue, so a worker (inside `next start`) takes the job.
  await expect(page.getByRole("status").filter({ hasText: "re-import" })).toContainText("re-import queued");
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("region", { name: "Run" })).toContainText(`importer v${IMPORTER_VERSION}`, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 60_000 });
  await expect(page).toHaveURL(new RegExp(`/runs/${run.id}$`));
  await expect(page.getByRole("region", { name: "Run" })).not.toContainText("re-import to read it again");
  await expect(page.getByRole("heading", { level: 1, name: run.name })).toBeVisible();
});
