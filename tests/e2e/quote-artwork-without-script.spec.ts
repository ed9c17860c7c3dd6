import { readFileSync } from "node:fs";
import path from "node:path";
import type { Request } from "@playwright/test";
import { clientManifestFile, type ViteManifest } from "../../app/islands/island-chunks.ts";
import { artworkText } from "../../app/site/content/artwork.ts";
import { expectNoViolations } from "../support/axe.ts";
import { island, scriptRequests } from "../support/hydration.ts";
import { pdfFile, programAsPdf, sampleCdr } from "./artwork-files.ts";
import {
  allowFailedLoads,
  chooseFiles,
  expectFilesInInbox,
  expectReceived,
  fileRow,
  LARGE_FILE_BYTES,
  openEnhancedForm,
  send,
  stallAfterFirstPiece,
  uniqueEmail,
} from "./artwork-upload-steps.ts";
import { fillCakeBoxes } from "./cake-quote.ts";
import { expect, test } from "./fixtures.ts";

/**
 * The artwork files of a quote request, in a real browser against the
 * production server: uploaded as they are chosen (tus, in pieces of 5 MiB) or
 * sent with the form without a script, then seen and downloaded by staff
 * byte for byte. Staff accounts cost a deliberately slow hash, and some files
 * here are three pieces long.
 */
test.describe.configure({ timeout: 60_000 });

for (const width of [375, 1440]) {
  test(`the upload list, with a file received and one refused, has no WCAG A/AA violations at ${width} px`, async ({
    page,
    consoleProblems,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await openEnhancedForm(page);
    const received = pdfFile("box-die-line.pdf", 2_000);
    const refused = programAsPdf("installer.pdf");
    await chooseFiles(page).setInputFiles([received, refused]);
    await expectReceived(page, received.name);
    await expect(fileRow(page, refused.name)).toContainText(artworkText.wrongKind(refused.name));
    await expectNoViolations(page, `at ${width} px with a received and a refused file`);
    allowFailedLoads(consoleProblems, /status of 415/);
  });
}

for (const width of [375, 1440]) {
  test(`at ${width} px the keyboard reaches Choose files, then each file's buttons in order, and keeps its place on Pause`, async ({
    page,
    consoleProblems,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await openEnhancedForm(page);
    const stall = await stallAfterFirstPiece(page);
    const received = pdfFile("sticker.pdf", 2_000);
    const refused = programAsPdf("tool.pdf");
    const moving = pdfFile("hamper-box.pdf", LARGE_FILE_BYTES);
    await chooseFiles(page).setInputFiles([received, refused]);
    await expectReceived(page, received.name);
    await expect(fileRow(page, refused.name)).toContainText(artworkText.wrongKind(refused.name));
    await chooseFiles(page).setInputFiles(moving);
    await expect.poll(stall.held).toBe(1);

    // The last question before the files.
    await page.getByRole("textbox", { name: "Anything else (optional)" }).focus();
    const order = [
      chooseFiles(page),
      page.getByRole("button", { name: `Remove ${received.name}` }),
      page.getByRole("button", { name: `Remove ${refused.name}` }),
      page.getByRole("button", { name: `Pause ${moving.name}` }),
      page.getByRole("button", { name: `Cancel ${moving.name}` }),
    ];
    for (const control of order) {
      await page.keyboard.press("Tab");
      await expect(control).toBeFocused();
    }

    // Pause from the keyboard: the Resume that takes its place has the focus.
    await page.keyboard.press("Shift+Tab");
    await expect(page.getByRole("button", { name: `Pause ${moving.name}` })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(fileRow(page, moving.name)).toContainText(artworkText.pausedState);
    await expect(page.getByRole("button", { name: `Resume ${moving.name}` })).toBeFocused();
    stall.release();
    allowFailedLoads(consoleProblems, /status of 415/);
  });
}

test.describe("without a script", () => {
  test.use({ javaScriptEnabled: false });

  test("two files go with the form in one post, and staff see both", async ({ page }) => {
    await page.goto("/quote?service=cake");
    const openedAt = Date.now();
    await fillCakeBoxes(page, uniqueEmail());
    const files = [pdfFile("gift-box.pdf", 5_000), sampleCdr()];
    await chooseFiles(page).setInputFiles(files);
    const posts: Request[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request);
    });
    const reference = await send(page, openedAt);
    expect(posts, "the form and its files in one post").toHaveLength(1);
    expect(posts[0]?.headers()["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(new URL(posts[0]?.url() ?? "").pathname).toBe("/quote");
    await expectFilesInInbox(page, reference, files, false);
  });
});

test("the quote page loads no script, and the upload code comes only once a file is chosen", async ({ page }) => {
  const manifest = JSON.parse(
    readFileSync(path.join(process.env.BUILD_DIR ?? "build", clientManifestFile), "utf8"),
  ) as ViteManifest;
  const chunk = manifest["app/site/components/quote/artwork-upload.ts"];
  expect(chunk, "the build's chunk of the upload code").toBeDefined();
  const uploadCode = `/${chunk?.file}`;
  const scripts = scriptRequests(page);
  const asked = () => scripts.map((request) => new URL(request.url()).pathname);
  await page.goto("/quote?service=cake", { waitUntil: "load" });
  await page.mouse.move(0, 0);
  // Long enough for anything a page would start on its own after loading.
  await page.waitForTimeout(500);
  expect(asked(), "scripts before the visitor does anything").toEqual([]);

  await page.getByRole("textbox", { name: "Your name" }).focus();
  await expect(page.locator("form.quote-form")).toHaveAttribute("data-enhanced", "");
  expect(asked().length, "the form's own chunks once it is used").toBeGreaterThan(0);
  expect(asked()).not.toContain(uploadCode);
  expect(await island(page, "quote-form").getAttribute("data-chunks")).not.toContain(uploadCode.slice(1));

  const file = pdfFile("first-file.pdf", 1_500);
  await chooseFiles(page).setInputFiles(file);
  await expect.poll(asked).toContain(uploadCode);
  await expectReceived(page, file.name);
});
