import { data } from "react-router";
import { buyerLinkHeaders } from "../../server/quotations/buyer-link.server.ts";
import { quotationFileName, renderQuotationPdf } from "../../server/quotations/quotation-pdf.server.ts";
import { siteServices } from "../../server/site-services.server.ts";
import type { Route } from "./+types/quotation-pdf";

/** The quotation's PDF, for whoever holds its link, under the same rules and headers as its page. */
export async function loader({ params }: Route.LoaderArgs) {
  const now = Date.now();
  const { quotations } = siteServices();
  const found = await quotations.forBuyer(params.token, now);
  if (!found) throw data(null, { status: 404, headers: buyerLinkHeaders });
  const doc = quotations.documentOf(found.quotation, found.reference, now);
  const pdf = await renderQuotationPdf(doc);
  // Saved under the quotation's number; buyerLinkHeaders keep it from caches and indexes.
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.byteLength),
      "Content-Disposition": `attachment; filename="${quotationFileName(doc)}"`,
      "X-Content-Type-Options": "nosniff",
      ...buyerLinkHeaders,
    },
  });
}
