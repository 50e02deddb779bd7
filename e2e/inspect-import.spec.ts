import { expect, test } from "@playwright/test";
import { uniqueId } from "@/lib/testing/factories";
import { makeInspectEvalLog } from "@/lib/testing/inspect-log";

test("an Inspect .eval log uploads through the page and one sample's timeline shows its tool calls and tool error", async ({
  page,
}) => {
  const name = `${uniqueId("weather")}.eval`;
  const log = Buffer.from(makeInspectEvalLog({ runId: uniqueId("e2e") }));
  await page.goto("/upload");
  await page.getByLabel("Bundle files").setInputFiles({ name, mimeType: "application/octet-stream", buffer: log });
  const upload = page.getByRole("region", { name: `Upload of ${name}` });
  await expect(upload.getByRole("status")).toContainText("Stored (inspect-eval)");
  await upload.getByRole("link", { name: "gpt-4o-mini on inspect/weather_tools" }).click();
  await expect(page.getByRole("region", { name: "Run" })).toContainText("Primary scorer");
  await expect(page.getByRole("region", { name: "Run" })).toContainText("accuracy stored in the log: 50.0%");

  // Sample a, epoch 1: the trial whose first tool call timed out and was retried.
  await page.getByRole("link", { name: "task a trial 1: success, tool error" }).click();
  await expect(page.getByRole("article", { name: "event 0: system system" })).toContainText(
    "You are a weather assistant",
  );
  const firstCall = page.getByRole("article", { name: "event 3: agent tool call" });
  await expect(firstCall).toContainText("get_weather");
  await expect(firstCall).toContainText("Paris");
  const failed = page.getByRole("article", { name: "event 4: agent tool result" });
  await expect(failed).toContainText("tool error");
  await expect(failed).toContainText("Command timed out before completing.");
  await expect(page.getByRole("article", { name: "event 5: agent tool call" })).toContainText("retry");
  await expect(page.getByRole("article", { name: "event 6: agent tool result" })).toContainText("sunny, 21 C");
  await page.screenshot({ path: "test-results/inspect-timeline.png", fullPage: true });
});

test("the upload page's scorer field picks another of the log's scorers", async ({ page }) => {
  const name = `${uniqueId("judged")}.eval`;
  await page.goto("/upload");
  await page.getByLabel("Inspect scorer (optional)").fill("judge");
  await page.getByLabel("Bundle files").setInputFiles({
    name,
    mimeType: "application/octet-stream",
    buffer: Buffer.from(makeInspectEvalLog({ runId: uniqueId("e2e") })),
  });
  const upload = page.getByRole("region", { name: `Upload of ${name}` });
  await expect(upload.getByRole("status")).toContainText("Stored (inspect-eval)");
  await upload.getByRole("link", { name: "gpt-4o-mini on inspect/weather_tools" }).click();
  const header = page.getByRole("region", { name: "Run" });
  await expect(header).toContainText("judge");
  await expect(header).toContainText("accuracy stored in the log: 50.0%");
});
