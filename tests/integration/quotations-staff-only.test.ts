import { describe, expect, test } from "vitest";
import { openStore } from "../../app/server/store/open-store.server.ts";
import {
  asStaff,
  cookie,
  filledForm,
  linkIn,
  pdfText,
  postForm,
  quotationMailOf,
  quoteRequest,
  sendQuotation,
  smtp,
  startQuotationSite,
  store,
  url,
} from "./support/quotation-site.ts";

startQuotationSite();

describe("the staff side is staff-only", () => {
  test("every quotation address of the inbox refuses without a session, before anything is read", async () => {
    for (const pathname of [
      "/inbox/ENQ-2026-000001/quotations/new",
      "/inbox/ENQ-2026-000001/quotations/1",
      "/inbox/ENQ-2026-000001/quotations/1/edit",
      "/inbox/ENQ-2026-000001/quotations/1/pdf",
      "/inbox/ENQ-2026-000001/quotations/1/proforma",
    ]) {
      for (const method of ["GET", "POST"]) {
        const answer = await fetch(url(pathname), { method, redirect: "manual" });
        expect(answer.status, `${method} ${pathname}`).toBe(303);
        expect(answer.headers.get("location"), pathname).toMatch(/^\/inbox\/sign-in/);
      }
    }
  });

  test("a quotation is found only under its own inquiry", async () => {
    const one = await quoteRequest();
    const other = await quoteRequest();
    const saved = await postForm(`/inbox/${one}/quotations/new`, await filledForm(one));
    const id = (saved.headers.get("location") ?? "").split("?")[0]?.split("/").pop();
    for (const pathname of [`/inbox/${other}/quotations/${id}`, `/inbox/${other}/quotations/${id}/pdf`]) {
      expect((await asStaff(pathname)).status, pathname).toBe(404);
    }
    const preview = await asStaff(`/inbox/${one}/quotations/${id}/pdf`);
    expect(preview.headers.get("content-type")).toBe("application/pdf");
    expect(await pdfText(new Uint8Array(await preview.arrayBuffer()), "draft.pdf")).toContain("DRAFT");

    // Nor can it be sent, revised or edited under another inquiry's reference.
    for (const [pathname, fields] of [
      [`/inbox/${other}/quotations/${id}`, { intent: "send" }],
      [`/inbox/${other}/quotations/${id}`, { intent: "revise" }],
      [`/inbox/${other}/quotations/${id}/edit`, await filledForm(one)],
    ] as const) {
      expect((await postForm(pathname, fields)).status, pathname).toBe(404);
    }
    expect((await asStaff(`/inbox/${other}/quotations/${id}/edit`)).status).toBe(404);
    const staffPage = await (await asStaff(`/inbox/${one}/quotations/${id}`)).text();
    expect(staffPage.replaceAll("<!-- -->", "")).toMatch(/: Draft<\/h1>/);
  });

  test("a sent quotation's form address leads to its page, to GET and POST alike, and changes nothing", async () => {
    const reference = await quoteRequest();
    const page = await sendQuotation(reference);
    const sentMail = await quotationMailOf(reference);
    const edit = `${page}/edit`;
    for (const answer of [
      await asStaff(edit),
      await postForm(edit, { ...(await filledForm(reference)), o0_line_0_price: "1" }),
    ]) {
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toBe(page);
    }
    // Nor does an accepted one take a revision.
    const link = linkIn(sentMail.text ?? "");
    expect((await postForm(link, { intent: "accept", name: "Meena", agree: "yes" }, false)).status).toBe(303);
    expect((await postForm(page, { intent: "revise" })).status).toBe(400);
    expect((await (await asStaff(page)).text()).replaceAll("<!-- -->", "")).toMatch(/: Accepted<\/h1>/);
  });

  test("a staff post from another site is refused, and the quotation stays unsent", async () => {
    const reference = await quoteRequest();
    const saved = await postForm(`/inbox/${reference}/quotations/new`, await filledForm(reference));
    const page = (saved.headers.get("location") ?? "").split("?")[0] ?? "";
    const forged = await fetch(url(page), {
      method: "POST",
      body: new URLSearchParams({ intent: "send" }),
      headers: { cookie, Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      redirect: "manual",
    });
    expect(forged.status).toBe(403);
    expect((await asStaff(page)).status).toBe(200);
    expect((await (await asStaff(page)).text()).replaceAll("<!-- -->", "")).toMatch(/: Draft<\/h1>/);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(
      smtp.mails.filter(
        (mail) => mail.header("x-inquiry-reference") === reference && /^Quotation/.test(mail.header("subject") ?? ""),
      ),
    ).toHaveLength(0);
  });
});

describe("personal data", () => {
  test("erasing the buyer takes their quotations and the quotations' mails with them; the link is then not found", async () => {
    const reference = await quoteRequest();
    await sendQuotation(reference);
    const mail = await quotationMailOf(reference);
    const link = linkIn(mail?.text ?? "");
    expect((await fetch(url(link))).status).toBe(200);

    const erased = await postForm(`/inbox/${reference}/erase`, {});
    expect(erased.status).toBe(303);
    expect((await fetch(url(link))).status).toBe(404);
    const db = await openStore(store.location, { busyWaitMs: 5000 });
    try {
      const left = await db.get<{ quotations: number | string; mails: number | string }>(
        `SELECT (SELECT count(*) FROM quotations WHERE number = ?) AS quotations,
                (SELECT count(*) FROM outbox WHERE quotation_id IS NOT NULL AND quotation_id NOT IN (SELECT id FROM quotations)) AS mails`,
        [mail?.header("x-quotation-number")],
      );
      expect({ quotations: Number(left?.quotations), mails: Number(left?.mails) }).toEqual({ quotations: 0, mails: 0 });
    } finally {
      await db.close();
    }
  });
});
