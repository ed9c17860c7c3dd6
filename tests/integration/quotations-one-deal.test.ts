import { describe, expect, test } from "vitest";
import {
  asStaff,
  filledForm,
  linkIn,
  postForm,
  quotationMailOf,
  quoteRequest,
  sendQuotation,
  smtp,
  startQuotationSite,
  theMail,
} from "./support/quotation-site.ts";

startQuotationSite();

describe("one number, one deal", () => {
  /** Starts a revision of the quotation at `page` and saves it: the draft's page. */
  async function revisionOf(reference: string, page: string): Promise<string> {
    const editing = (await postForm(page, { intent: "revise" })).headers.get("location") ?? "";
    const saved = await postForm(editing, { ...(await filledForm(reference)) });
    return (saved.headers.get("location") ?? "").split("?")[0] ?? "";
  }

  test("the buyer accepts the original while its revision is a draft: the revision is refused on sending, with the reason", async () => {
    const reference = await quoteRequest();
    const first = await sendQuotation(reference);
    const firstMail = await quotationMailOf(reference);
    const number = firstMail.header("x-quotation-number") ?? "";
    const draft = await revisionOf(reference, first);
    const link = linkIn(firstMail.text ?? "");
    expect((await postForm(link, { intent: "accept", name: "Meena", agree: "yes" }, false)).status).toBe(303);

    const refused = await postForm(draft, { intent: "send" });
    expect(refused.status).toBe(409);
    const html = (await refused.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("the buyer has accepted a quotation of this number");
    expect(html).toMatch(/: Draft<\/h1>/);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.mails.filter((mail) => mail.header("x-quotation-number") === `${number}-R1`)).toHaveLength(0);
    expect((await (await asStaff(first)).text()).replaceAll("<!-- -->", "")).toMatch(/: Accepted<\/h1>/);
  });

  test("20 acceptances posted at once: exactly one is taken, the others are told it can no longer be answered", async () => {
    const reference = await quoteRequest();
    await sendQuotation(reference);
    const link = linkIn((await quotationMailOf(reference)).text ?? "");
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        postForm(link, { intent: "accept", name: `Buyer ${index}`, agree: "yes" }, false),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 303)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    await theMail(
      (mail) => mail.header("x-inquiry-reference") === reference && /^Accepted: /.test(mail.header("subject") ?? ""),
    );
  });
});
