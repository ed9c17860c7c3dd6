import { data } from "react-router";
import { renderQuotationPdf } from "../../server/quotations/quotation-pdf.server.ts";
import { documentOf, standingOf } from "../../server/quotations/quotations.server.ts";
import { siteServices } from "../../server/site-services.server.ts";
import type { Route } from "./+types/quotation-pdf";

/** The quotation's PDF, for whoever holds its link, under the same rules as its page. */
export async function loader({ params }: Route.LoaderArgs) {
  const quotations = siteServices().quotations;
  const quotation = await quotations.byToken(params.token);
  const now = Date.now();
  const reference = quotation && (await quotations.referenceOf(quotation.inquiryId));
  if (!quotation?.number || !reference || standingOf(quotation, now) === "expired") throw data(null, { status: 404 });
  const pdf = await renderQuotationPdf(documentOf(quotation, reference, now));
  const name = `${quotation.number.replaceAll("/", "-")}.pdf`;
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.byteLength),
      "Content-Disposition": `attachment; filename="${name}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex, nofollow",
      "Referrer-Policy": "same-origin",
    },
  });
}
