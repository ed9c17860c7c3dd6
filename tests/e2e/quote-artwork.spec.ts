import { readFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Locator, Request, Route } from "@playwright/test";
import { clientManifestFile, type ViteManifest } from "../../app/islands/island-chunks.ts";
import { formatBytes, quoteUploadsPath } from "../../app/server/uploads/artwork-kinds.ts";
import { artworkText } from "../../app/site/content/artwork.ts";
import { expectNoViolations } from "../support/axe.ts";
import { island, scriptRequests } from "../support/hydration.ts";
import { signedInStaff } from "../support/staff.ts";
import {
  type ArtworkPayload,
  onDisk,
  pdfFile,
  programAsPdf,
  sampleCdr,
  sha256,
  UPLOAD_PIECE_BYTES,
} from "./artwork-files.ts";
import { fillCakeBoxes, MIN_FILL_MS } from "./cake-quote.ts";
import { expect, type Page, test } from "./fixtures.ts";

/**
 * The artwork files of a quote request, in a real browser against the
 * production server: uploaded as they are chosen (tus, in pieces of 5 MiB) or
 * sent with the form without a script, then seen and downloaded by staff
 * byte for byte. Staff accounts cost a deliberately slow hash, and some files
 * here are three pieces long.
 */
test.describe.configure({ timeout: 60_000 });

/** Three pieces: a cut in the second leaves one piece received and one to go. */
const LARGE_FILE_BYTES = 3 * UPLOAD_PIECE_BYTES;
const MAX_FILES = 10;

const uniqueEmail = () => `artwork-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.in`;

function chooseFiles(page: Page): Locator {
  return page.getByLabel(artworkText.label, { exact: true });
}

function fileRow(page: Page, name: string): Locator {
  return page.getByRole("list", { name: artworkText.kept }).getByRole("listitem").filter({ hasText: name });
}

async function expectReceived(page: Page, name: string) {
  const row = fileRow(page, name);
  await expect(row).toContainText(artworkText.receivedState, { timeout: 20_000 });
  await expect(row.getByRole("progressbar")).toHaveCount(0);
}

/** The quote form for cake boxes, once its script has taken over (it wakes when the visitor first uses it). */
async function openEnhancedForm(page: Page) {
  await page.goto("/quote?service=cake");
  await page.getByRole("textbox", { name: "Your name" }).focus();
  await expect(page.locator("form.quote-form")).toHaveAttribute("data-enhanced", "");
}

/** Sends the form no sooner than a person could have filled it; answers the reference on the thank-you page. */
async function send(page: Page, openedAt: number): Promise<string> {
  await page.waitForTimeout(Math.max(0, MIN_FILL_MS - (Date.now() - openedAt)));
  await page.getByRole("button", { name: "Send quote request" }).click();
  return thankYouReference(page);
}

async function thankYouReference(page: Page): Promise<string> {
  await expect(page.getByRole("heading", { name: "Thank you, your quote request has arrived" })).toBeVisible({
    timeout: 20_000,
  });
  const reference = (await page.locator(".contact-sent__reference strong").textContent()) ?? "";
  expect(reference).toMatch(/^ENQ-\d{4}-\d{6}$/);
  return reference;
}

/**
 * The inquiry's page in the inbox: its specification, and one row per file
 * with the kind its content shows, its size and its SHA-256. With `download`,
 * each file is downloaded and must be the very bytes sent.
 */
async function expectFilesInInbox(page: Page, reference: string, files: ArtworkPayload[], download: boolean) {
  await signedInStaff(page);
  await page.goto(`/inbox/${reference}`);
  const specification = page.getByRole("region", { name: "Quote request" }).getByRole("table");
  await expect(specification.getByRole("row", { name: "Style Cake box with window" })).toBeVisible();
  await expect(specification.getByRole("row", { name: "Delivery PIN code 400001 (Maharashtra)" })).toBeVisible();

  const table = page.getByRole("region", { name: "Artwork files" }).getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(files.length + 1);
  for (const file of files) {
    const link = page.getByRole("link", { name: `Download ${file.name}`, exact: true });
    const row = table.getByRole("row").filter({ has: link });
    const kind = file.name.endsWith(".cdr") ? "CorelDRAW" : "PDF";
    const cells = row.getByRole("cell");
    // The fourth is the preview, or where its making stands (artwork-previews.spec.ts).
    await expect(cells).toHaveCount(4);
    for (const [index, expected] of [kind, formatBytes(file.buffer.length), sha256(file.buffer)].entries()) {
      await expect(cells.nth(index)).toHaveText(expected);
    }
    if (!download) continue;
    // Clicked on its visible name, as a person would: the words said only to screen readers have a box of 1 px.
    const [downloaded] = await Promise.all([page.waitForEvent("download"), link.getByText(file.name).click()]);
    expect(downloaded.suggestedFilename()).toBe(file.name);
    expect(sha256(readFileSync(await downloaded.path())), `${file.name} downloaded as it was sent`).toBe(
      sha256(file.buffer),
    );
  }
}

type TusRequest = { method: string; url: string; offset: number | undefined; bytes: number };

/** Every request of the upload protocol the page makes from now on, with its offset and the bytes of its body. */
function watchUploads(page: Page) {
  const seen: TusRequest[] = [];
  page.on("request", (request: Request) => {
    if (!new URL(request.url()).pathname.startsWith(quoteUploadsPath)) return;
    const offset = request.headers()["upload-offset"];
    seen.push({
      method: request.method(),
      url: request.url(),
      offset: offset === undefined ? undefined : Number(offset),
      bytes: request.postDataBuffer()?.length ?? 0,
    });
  });
  return {
    created: () => seen.filter((request) => request.method === "POST"),
    pieces: () => seen.filter((request) => request.method === "PATCH"),
    all: () => [...seen],
  };
}

/**
 * Holds back every piece after a file's first, as a connection that stalls
 * would: the first piece arrives, the next never does until `release`. A held
 * piece is never sent; the page gives up on it when it pauses, cancels or
 * reloads.
 */
async function stallAfterFirstPiece(page: Page) {
  const held: Route[] = [];
  let holding = true;
  await page.route(`**${quoteUploadsPath}/*`, async (route) => {
    const request = route.request();
    if (holding && request.method() === "PATCH" && request.headers()["upload-offset"] !== "0") {
      held.push(route);
      return;
    }
    await route.continue();
  });
  return {
    held: () => held.length,
    release: () => {
      holding = false;
    },
  };
}

/** Failed loads the test caused on purpose are logged by the browser; any other problem still fails the test. */
function allowFailedLoads(consoleProblems: string[], said: RegExp) {
  const unexpected = consoleProblems.filter(
    (problem) => !(problem.includes("Failed to load resource") && said.test(problem)),
  );
  consoleProblems.splice(0, consoleProblems.length, ...unexpected);
}

test.describe("with a script", () => {
  test("from the cake page, two files upload as they are chosen, and staff download exactly those bytes", async ({
    page,
  }) => {
    await page.goto("/services/cake");
    await page.getByRole("main").getByRole("link", { name: "Get a quote" }).click();
    await expect(page).toHaveURL(/\/quote\?service=cake$/);
    const openedAt = Date.now();
    await expect(page.getByRole("group", { name: "Cake Box: specification" })).toBeVisible();
    await fillCakeBoxes(page, uniqueEmail());
    await expect(page.locator("form.quote-form")).toHaveAttribute("data-enhanced", "");
    const uploads = watchUploads(page);

    const files = [pdfFile("cake-box-proof.pdf", 3_000), sampleCdr()];
    await chooseFiles(page).setInputFiles(files);
    for (const file of files) await expectReceived(page, file.name);
    // Said to screen readers too, for whichever arrived last.
    await expect(page.locator('[aria-live="polite"]').filter({ hasText: / received$/ })).toHaveText(
      /^(cake-box-proof\.pdf|sample\.cdr) received$/,
    );
    expect(uploads.created(), "one upload per file").toHaveLength(2);
    const ids = (await page.locator('input[type="hidden"][name="uploads"]').inputValue()).split(",");
    expect(ids, "the form carries both received files").toHaveLength(2);

    const reference = await send(page, openedAt);
    await expectFilesInInbox(page, reference, files, true);
  });

  test("a cut connection costs at most the piece in flight, and a request sent meanwhile waits for the file", async ({
    page,
    context,
    consoleProblems,
  }) => {
    await openEnhancedForm(page);
    const openedAt = Date.now();
    await fillCakeBoxes(page, uniqueEmail());
    const uploads = watchUploads(page);
    const file = pdfFile("carton-artwork.pdf", LARGE_FILE_BYTES);
    const cut = await cutConnectionAtSecondPiece(page, context);
    await chooseFiles(page).setInputFiles(file);
    await cut.happened;

    // While the file cannot arrive, Send waits for it and says so.
    await page.waitForTimeout(Math.max(0, MIN_FILL_MS - (Date.now() - openedAt)));
    await page.getByRole("button", { name: "Send quote request" }).click();
    await expect(page.getByRole("status").filter({ hasText: artworkText.waitingToSend })).toBeVisible();
    await expect(fileRow(page, file.name)).not.toContainText(artworkText.receivedState);
    // Offline for long enough that a retry waits on a timer when the connection comes back.
    await page.waitForTimeout(2_000);
    await expect(page).toHaveURL(/\/quote\?service=cake/);
    await context.setOffline(false);

    const reference = await thankYouReference(page);
    const pieces = uploads.pieces();
    const sent = pieces.reduce((sum, piece) => sum + piece.bytes, 0);
    expect(sent, `bytes sent in PATCH bodies: ${listed(pieces)}`).toBeLessThan(1.5 * file.buffer.length);
    expect(
      pieces.filter((piece) => piece.offset === 0),
      "only the first piece starts at 0",
    ).toHaveLength(1);
    expect(uploads.created(), "one upload, resumed").toHaveLength(1);
    allowFailedLoads(consoleProblems, /ERR_INTERNET_DISCONNECTED/);
    await expectFilesInInbox(page, reference, [file], false);
  });

  test("when the connection comes back, the upload carries on once, and nothing is sent again after it arrived", async ({
    page,
    context,
    consoleProblems,
  }) => {
    await openEnhancedForm(page);
    const uploads = watchUploads(page);
    const file = pdfFile("label-artwork.pdf", LARGE_FILE_BYTES);
    const cut = await cutConnectionAtSecondPiece(page, context);
    await chooseFiles(page).setInputFiles(file);
    await cut.happened;
    await page.waitForTimeout(2_000);
    await context.setOffline(false);
    await expectReceived(page, file.name);
    const received = await page.locator('input[type="hidden"][name="uploads"]').inputValue();

    // Longer than the retry that was waiting when the connection came back (the third waits 3 s).
    await page.waitForTimeout(4_000);
    // And the connection drops and returns once more, with nothing left to send.
    await context.setOffline(true);
    await context.setOffline(false);
    await page.waitForTimeout(1_000);

    const pieces = uploads.pieces();
    expect(uploads.created(), `one upload for one file: ${listed(uploads.all())}`).toHaveLength(1);
    expect(
      pieces.filter((piece) => piece.offset === 0),
      "no piece started again at offset 0",
    ).toHaveLength(1);
    const sent = pieces.reduce((sum, piece) => sum + piece.bytes, 0);
    expect(sent, "well below twice the file").toBeLessThan(1.5 * file.buffer.length);
    await expect(page.locator('input[type="hidden"][name="uploads"]')).toHaveValue(received);
    allowFailedLoads(consoleProblems, /ERR_INTERNET_DISCONNECTED|status of 404/);
  });

  test("after a reload, the same file chosen again carries on where it stopped", async ({ page }, testInfo) => {
    // From disk, as a buyer chooses it: the upload code knows the file again by its name, size and date.
    const payload = pdfFile("shop-bag.pdf", LARGE_FILE_BYTES);
    const file = onDisk(testInfo.outputPath(), payload);
    await openEnhancedForm(page);
    const stall = await stallAfterFirstPiece(page);
    const before = watchUploads(page);
    await chooseFiles(page).setInputFiles(file);
    await expect.poll(stall.held).toBe(1);
    expect(before.pieces().map((piece) => piece.offset)).toEqual([0, UPLOAD_PIECE_BYTES]);

    stall.release();
    await page.reload();
    await page.getByRole("textbox", { name: "Your name" }).focus();
    await expect(page.locator("form.quote-form")).toHaveAttribute("data-enhanced", "");
    const after = watchUploads(page);
    await chooseFiles(page).setInputFiles(file);
    await expectReceived(page, payload.name);
    expect(after.created(), "no new upload: the one begun before the reload").toEqual([]);
    expect(after.pieces()[0]?.offset, "the first piece after the reload").toBe(UPLOAD_PIECE_BYTES);
    expect(after.pieces().map((piece) => piece.offset)).toEqual([UPLOAD_PIECE_BYTES, 2 * UPLOAD_PIECE_BYTES]);
  });

  test("Pause stops a file and Resume carries on from where it was; Cancel and Remove take files off", async ({
    page,
  }) => {
    await openEnhancedForm(page);
    const stall = await stallAfterFirstPiece(page);
    const uploads = watchUploads(page);
    const big = pdfFile("poster.pdf", LARGE_FILE_BYTES);
    await chooseFiles(page).setInputFiles(big);
    await expect.poll(stall.held).toBe(1);

    await page.getByRole("button", { name: `Pause ${big.name}` }).click();
    const row = fileRow(page, big.name);
    await expect(row.getByRole("button", { name: `Resume ${big.name}` })).toBeVisible();
    await expect(row).toContainText(artworkText.pausedState);
    await expect(row.getByRole("button", { name: `Pause ${big.name}` })).toHaveCount(0);
    const progress = row.getByRole("progressbar", { name: artworkText.progress(big.name) });
    const pausedAt = await progress.getAttribute("value");
    const piecesWhenPaused = uploads.pieces().length;
    await page.waitForTimeout(1_000);
    await expect(progress).toHaveAttribute("value", pausedAt ?? "");
    expect(uploads.pieces(), "nothing is sent while paused").toHaveLength(piecesWhenPaused);

    stall.release();
    await row.getByRole("button", { name: `Resume ${big.name}` }).click();
    await expectReceived(page, big.name);
    expect(uploads.pieces().slice(piecesWhenPaused)[0]?.offset, "resumed after the piece received").toBe(
      UPLOAD_PIECE_BYTES,
    );
    expect(uploads.created()).toHaveLength(1);
    const hidden = page.locator('input[type="hidden"][name="uploads"]');
    await expect(hidden).toHaveValue(/^[0-9a-f]{32}$/);

    // A second file, cancelled on its way: its entry goes, and the server is told to delete what arrived.
    const stallAgain = await stallAfterFirstPiece(page);
    const other = pdfFile("flyer.pdf", LARGE_FILE_BYTES);
    await chooseFiles(page).setInputFiles(other);
    await expect.poll(stallAgain.held).toBe(1);
    const deleted = page.waitForResponse((response) => response.request().method() === "DELETE");
    await page.getByRole("button", { name: `Cancel ${other.name}` }).click();
    await expect(fileRow(page, other.name)).toHaveCount(0);
    expect((await deleted).status()).toBe(204);
    stallAgain.release();

    // The received one is removed from the request.
    await page.getByRole("button", { name: `Remove ${big.name}` }).click();
    await expect(fileRow(page, big.name)).toHaveCount(0);
    await expect(hidden).toHaveValue("");
  });

  test("a paused file stays paused when the connection drops and comes back", async ({
    page,
    context,
    consoleProblems,
  }) => {
    await openEnhancedForm(page);
    const stall = await stallAfterFirstPiece(page);
    const uploads = watchUploads(page);
    const file = pdfFile("menu-card.pdf", LARGE_FILE_BYTES);
    await chooseFiles(page).setInputFiles(file);
    await expect.poll(stall.held).toBe(1);
    await page.getByRole("button", { name: `Pause ${file.name}` }).click();
    await expect(page.getByRole("button", { name: `Resume ${file.name}` })).toBeVisible();
    stall.release();
    const sentWhenPaused = uploads.all().length;

    await context.setOffline(true);
    await context.setOffline(false);
    await page.waitForTimeout(1_500);
    expect(uploads.all().slice(sentWhenPaused), "nothing sent for a paused file").toEqual([]);
    await expect(fileRow(page, file.name)).toContainText(artworkText.pausedState);
    allowFailedLoads(consoleProblems, /ERR_INTERNET_DISCONNECTED/);
  });

  test("a program named .pdf is refused by name, and an eleventh file is not uploaded", async ({
    page,
    consoleProblems,
  }) => {
    await openEnhancedForm(page);
    const uploads = watchUploads(page);
    const program = programAsPdf("setup.pdf");
    await chooseFiles(page).setInputFiles(program);
    const refused = fileRow(page, program.name);
    await expect(refused).toContainText(artworkText.wrongKind(program.name));
    await expect(refused).not.toContainText(artworkText.receivedState);
    await expect(page.locator('input[type="hidden"][name="uploads"]')).toHaveValue("");
    allowFailedLoads(consoleProblems, /status of 415/);

    await page.getByRole("button", { name: `Remove ${program.name}` }).click();
    const created = uploads.created().length;
    const eleven = Array.from({ length: MAX_FILES + 1 }, (_, index) => pdfFile(`page-${index + 1}.pdf`, 1_200));
    await chooseFiles(page).setInputFiles(eleven);
    await expect(page.getByText(artworkText.tooMany(MAX_FILES))).toBeVisible();
    await expect(chooseFiles(page)).toHaveAttribute("aria-invalid", "true");
    for (const file of eleven.slice(0, MAX_FILES)) await expectReceived(page, file.name);
    await expect(fileRow(page, "page-11.pdf")).toHaveCount(0);
    expect(uploads.created().length - created, "uploads started").toBe(MAX_FILES);
  });
});

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

/**
 * Cuts the connection as the file's second piece sets off, once the first
 * has arrived: the piece never reaches the server, and the browser is offline
 * until the test brings it back (context.setOffline(false)).
 */
async function cutConnectionAtSecondPiece(page: Page, context: BrowserContext) {
  let cut: () => void = () => {};
  const happened = new Promise<void>((resolve) => (cut = resolve));
  let done = false;
  await page.route(`**${quoteUploadsPath}/*`, async (route) => {
    const request = route.request();
    if (!done && request.method() === "PATCH" && request.headers()["upload-offset"] !== "0") {
      done = true;
      await context.setOffline(true);
      await route.abort("internetdisconnected");
      cut();
      return;
    }
    await route.continue();
  });
  return { happened };
}

function listed(requests: TusRequest[]): string {
  return requests
    .map((request) => `${request.method} ${request.url.split("/").pop()} @${request.offset ?? "-"} ${request.bytes}`)
    .join("; ");
}
