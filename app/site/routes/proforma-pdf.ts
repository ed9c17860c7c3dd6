import { data } from "react-router";
import { buyerLinkHeaders } from "../../server/quotations/buyer-link.server.ts";
import { proformaDocumentFor } from "../../server/quotations/proforma-mails.server.ts";
import { proformaFileName, renderProformaPdf } from "../../server/quotations/proforma-pdf.server.ts";
import { siteServices } from "../../server/site-services.server.ts";
import type { Route } from "./+types/proforma-pdf";

/** The proforma invoice of the quotation a buyer's link names, under the same rules and headers as its page. */
export async function loader({ params }: Route.LoaderArgs) {
  const services = siteServices();
  const found = await services.quotations.forBuyer(params.token, Date.now());
  const doc = found && (await proformaDocumentFor(found.quotation.id, services));
  if (!doc) throw data(null, { status: 404, headers: buyerLinkHeaders });
  const pdf = await renderProformaPdf(doc);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.byteLength),
      "Content-Disposition": `attachment; filename="${proformaFileName(doc)}"`,
      "X-Content-Type-Options": "nosniff",
      ...buyerLinkHeaders,
    },
  });
}
