import { data } from "react-router";
import { quotationPdfResponse } from "../../server/quotations/quotation-pdf.server.ts";
import { buyerLinkHeaders, documentOf } from "../../server/quotations/quotations.server.ts";
import { siteServices } from "../../server/site-services.server.ts";
import type { Route } from "./+types/quotation-pdf";

/** The quotation's PDF, for whoever holds its link, under the same rules and headers as its page. */
export async function loader({ params }: Route.LoaderArgs) {
  const now = Date.now();
  const found = await siteServices().quotations.forBuyer(params.token, now);
  if (!found) throw data(null, { status: 404, headers: buyerLinkHeaders });
  return quotationPdfResponse(documentOf(found.quotation, found.reference, now), "attachment", buyerLinkHeaders);
}
