import { quotationFileName, renderQuotationPdf } from "../../server/quotations/quotation-pdf.server.ts";
import { refuseMethod, staffRequestFor } from "../lib/inbox-request.server.ts";
import { quotationOfInquiry } from "../lib/quotation-request.server.ts";
import type { Route } from "./+types/quotation-pdf";

/** The PDF as the buyer will get it, for staff to look at before sending: a draft says so on every page. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { services, inquiry } = await staffRequestFor(request, params.reference);
  const quotation = await quotationOfInquiry(services, inquiry.id, params.quotation);
  const doc = services.quotations.documentOf(quotation, inquiry.reference, Date.now());
  const pdf = await renderQuotationPdf(doc);
  // Shown in the browser, never kept by a cache.
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.byteLength),
      "Content-Disposition": `inline; filename="${quotationFileName(doc)}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    },
  });
}

export const action = ({ request }: Route.ActionArgs) => refuseMethod(request);
