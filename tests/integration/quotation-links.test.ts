import { describe, expect, test } from "vitest";
import { openStore } from "../../app/server/store/open-store.server.ts";
import { eventually } from "./support/contact-form.ts";
import {
  asStaff,
  buyerAddress,
  filledForm,
  linkIn,
  mailsTo,
  postForm,
  quotationMailOf,
  quoteRequest,
  refused,
  sendQuotation,
  startQuotationSite,
  store,
  url,
} from "./support/quotation-site.ts";

startQuotationSite();

describe("how long the buyer's link opens", () => {
  async function setQuotation(number: string, sql: string, values: unknown[]) {
    const db = await openStore(store.location, { busyWaitMs: 5000 });
    try {
      await db.run(`UPDATE quotations SET ${sql} WHERE number = ?`, [...values, number]);
    } finally {
      await db.close();
    }
  }

  test("an accepted quotation stays readable past its validity, and answers 404 a year after it was accepted", async () => {
    const reference = await quoteRequest();
    await sendQuotation(reference);
    const mail = await quotationMailOf(reference);
    const number = mail.header("x-quotation-number") ?? "";
    const link = linkIn(mail.text ?? "");
    expect((await postForm(link, { intent: "accept", name: "Meena", agree: "yes" }, false)).status).toBe(303);

    await setQuotation(number, "valid_until = ?", ["2020-03-31"]);
    expect((await fetch(url(link))).status).toBe(200);
    expect((await fetch(url(`${link}/pdf`))).status).toBe(200);

    // Accepted 366 days ago: past the 365 kept.
    await setQuotation(number, "answered_at = ?", [Date.now() - 366 * 86_400_000]);
    for (const pathname of [link, `${link}/pdf`]) {
      const answer = await fetch(url(pathname));
      expect(answer.status, pathname).toBe(404);
      expect(answer.headers.get("cache-control"), pathname).toBe("no-store");
    }
  });

  test("a replaced quotation answers 404 once its own validity has passed", async () => {
    const reference = await quoteRequest();
    const first = await sendQuotation(reference);
    const mail = await quotationMailOf(reference);
    const number = mail.header("x-quotation-number") ?? "";
    const link = linkIn(mail.text ?? "");
    const editing = (await postForm(first, { intent: "revise" })).headers.get("location") ?? "";
    const saved = await postForm(editing, { ...(await filledForm(reference)) });
    expect((await postForm((saved.headers.get("location") ?? "").split("?")[0] ?? "", { intent: "send" })).status).toBe(
      303,
    );
    expect(await (await fetch(url(link))).text()).toContain("replaced by a newer quotation");

    await setQuotation(number, "valid_until = ?", ["2020-03-31"]);
    expect((await fetch(url(link))).status).toBe(404);
    expect((await fetch(url(`${link}/pdf`))).status).toBe(404);
  });
});

describe("a quotation mail the buyer's server refused", () => {
  test("shows as failed with 'Send the mail again', which sends it once, and only while it is failed", async () => {
    const reference = await quoteRequest();
    const buyer = await buyerAddress(reference);
    refused.add(buyer);
    const staffPage = await sendQuotation(reference);
    const pageText = async () => (await (await asStaff(staffPage)).text()).replaceAll("<!-- -->", "");
    await eventually(async () => expect(await pageText()).toMatch(/The mail to the buyer: FAILED after 1 attempt/));
    expect(await pageText()).toContain("Send the mail again");
    expect(mailsTo(buyer, /^Quotation /)).toHaveLength(0);

    refused.delete(buyer);
    const again = await postForm(staffPage, { intent: "send-again" });
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(`${staffPage}?done=resent`);
    const mail = await quotationMailOf(reference);
    expect(mail.envelope.to).toContain(buyer);
    expect(mail.attachments.some((file) => file.contentType === "application/pdf")).toBe(true);
    await eventually(async () => expect(await pageText()).toMatch(/The mail to the buyer: sent \d/));
    expect(await pageText()).not.toContain("Send the mail again");

    // Once sent, the same post queues nothing: the buyer gets one mail.
    expect((await postForm(staffPage, { intent: "send-again" })).status).toBe(303);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(mailsTo(buyer, /^Quotation /)).toHaveLength(1);
    const history = await (await asStaff(`/inbox/${reference}`)).text();
    expect(history.match(/mail sent again/g)).toHaveLength(1);
  });
});
