import { data } from "react-router";
import { proformaDocumentFor } from "../../server/quotations/proforma-mails.server.ts";
import { proformaFileName, renderProformaPdf } from "../../server/quotations/proforma-pdf.server.ts";
import { refuseMethod, staffRequestFor } from "../lib/inbox-request.server.ts";
import { quotationOfInquiry } from "../lib/quotation-request.server.ts";
import type { Route } from "./+types/proforma-pdf";

/** The proforma invoice as the buyer got it; 404 while the quotation has none. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { services, inquiry } = await staffRequestFor(request, params.reference);
  const quotation = await quotationOfInquiry(services, inquiry.id, params.quotation);
  const doc = await proformaDocumentFor(quotation.id, services);
  if (!doc) throw data(null, { status: 404 });
  const pdf = await renderProformaPdf(doc);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.byteLength),
      "Content-Disposition": `inline; filename="${proformaFileName(doc)}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    },
  });
}

export const action = ({ request }: Route.ActionArgs) => refuseMethod(request);
