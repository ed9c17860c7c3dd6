import { artworkText } from "../../app/site/content/artwork.ts";
import { onDisk, pdfFile, programAsPdf, sampleCdr, UPLOAD_PIECE_BYTES } from "./artwork-files.ts";
import {
  allowFailedLoads,
  chooseFiles,
  cutConnectionAtSecondPiece,
  expectFilesInInbox,
  expectReceived,
  fileRow,
  LARGE_FILE_BYTES,
  listed,
  MAX_FILES,
  openEnhancedForm,
  send,
  stallAfterFirstPiece,
  thankYouReference,
  uniqueEmail,
  watchUploads,
} from "./artwork-upload-steps.ts";
import { fillCakeBoxes, MIN_FILL_MS } from "./cake-quote.ts";
import { expect, test } from "./fixtures.ts";

/**
 * The artwork files of a quote request, in a real browser against the
 * production server: uploaded as they are chosen (tus, in pieces of 5 MiB) or
 * sent with the form without a script, then seen and downloaded by staff
 * byte for byte. Staff accounts cost a deliberately slow hash, and some files
 * here are three pieces long.
 */
test.describe.configure({ timeout: 60_000 });

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
    const piecesWhenReceived = uploads.pieces().length;

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
    expect(pieces, "no piece sent after the file arrived").toHaveLength(piecesWhenReceived);
    // The pieces cut off while offline are sent again, and how many were under way when the
    // connection went depends on the machine's pace; a start from the beginning would be twice the file.
    const sent = pieces.reduce((sum, piece) => sum + piece.bytes, 0);
    expect(sent, "less than twice the file").toBeLessThan(2 * file.buffer.length);
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
