import { readFileSync } from "node:fs";
import type { BrowserContext, Locator, Request, Route } from "@playwright/test";
import { formatBytes, quoteUploadsPath } from "../../app/server/uploads/artwork-kinds.ts";
import { artworkText } from "../../app/site/content/artwork.ts";
import { signedInStaff } from "../support/staff.ts";
import { type ArtworkPayload, sha256, UPLOAD_PIECE_BYTES } from "./artwork-files.ts";
import { MIN_FILL_MS } from "./cake-quote.ts";
import { expect, type Page } from "./fixtures.ts";

/** The steps the browser tests of artwork files (quote-artwork*.spec.ts) take, and what they look for. */

/** Three pieces: a cut in the second leaves one piece received and one to go. */
export const LARGE_FILE_BYTES = 3 * UPLOAD_PIECE_BYTES;
export const MAX_FILES = 10;

export const uniqueEmail = () =>
  `artwork-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.in`;

export function chooseFiles(page: Page): Locator {
  return page.getByLabel(artworkText.label, { exact: true });
}

export function fileRow(page: Page, name: string): Locator {
  return page.getByRole("list", { name: artworkText.kept }).getByRole("listitem").filter({ hasText: name });
}

export async function expectReceived(page: Page, name: string) {
  const row = fileRow(page, name);
  await expect(row).toContainText(artworkText.receivedState, { timeout: 20_000 });
  await expect(row.getByRole("progressbar")).toHaveCount(0);
}

/** The quote form for cake boxes, once its script has taken over (it wakes when the visitor first uses it). */
export async function openEnhancedForm(page: Page) {
  await page.goto("/quote?service=cake");
  await page.getByRole("textbox", { name: "Your name" }).focus();
  await expect(page.locator("form.quote-form")).toHaveAttribute("data-enhanced", "");
}

/** Sends the form no sooner than a person could have filled it; answers the reference on the thank-you page. */
export async function send(page: Page, openedAt: number): Promise<string> {
  await page.waitForTimeout(Math.max(0, MIN_FILL_MS - (Date.now() - openedAt)));
  await page.getByRole("button", { name: "Send quote request" }).click();
  return thankYouReference(page);
}

export async function thankYouReference(page: Page): Promise<string> {
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
export async function expectFilesInInbox(page: Page, reference: string, files: ArtworkPayload[], download: boolean) {
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

export type TusRequest = { method: string; url: string; offset: number | undefined; bytes: number };

/** Every request of the upload protocol the page makes from now on, with its offset and the bytes of its body. */
export function watchUploads(page: Page) {
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
export async function stallAfterFirstPiece(page: Page) {
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
export function allowFailedLoads(consoleProblems: string[], said: RegExp) {
  const unexpected = consoleProblems.filter(
    (problem) => !(problem.includes("Failed to load resource") && said.test(problem)),
  );
  consoleProblems.splice(0, consoleProblems.length, ...unexpected);
}

/**
 * Cuts the connection as the file's second piece sets off, once the first
 * has arrived: the piece never reaches the server, and the browser is offline
 * until the test brings it back (context.setOffline(false)).
 */
export async function cutConnectionAtSecondPiece(page: Page, context: BrowserContext) {
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

export function listed(requests: TusRequest[]): string {
  return requests
    .map((request) => `${request.method} ${request.url.split("/").pop()} @${request.offset ?? "-"} ${request.bytes}`)
    .join("; ");
}
