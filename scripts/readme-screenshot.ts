/**
 * Takes the README's picture (docs/images/) from a running server with the demo data loaded:
 *   npm run quickstart            # or: node scripts/with-database.mjs --seed -- next start -p 3800
 *   npx tsx scripts/readme-screenshot.ts --url http://127.0.0.1:3000 [--page /experiments] [--out docs/images/x.png]
 */
import { chromium } from "@playwright/test";
import { parseArgs } from "node:util";
import { resolveChromium } from "./chromium-path.mjs";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "http://127.0.0.1:3000" },
    page: { type: "string", default: "/experiments" },
    out: { type: "string", default: "docs/images/experiments.png" },
  },
});

// The Chromium the tests use (scripts/chromium-path.mjs); no sandbox, as when run as root in a container.
const browser = await chromium.launch({ executablePath: (await resolveChromium()).path, args: ["--no-sandbox"] });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 760 } });
  await page.goto(new URL(values.page, values.url).toString(), { waitUntil: "networkidle" });
  await page.screenshot({ path: values.out });
  console.log(`wrote ${values.out}`);
} finally {
  await browser.close();
}
