import { data } from "react-router";
import type { Quotation } from "../../server/quotations/quotation.ts";
import type { SiteServices } from "../../server/site-services.server.ts";

/** The quotation an address names, when it is this inquiry's; 404 otherwise, whatever number is tried. */
export async function quotationOfInquiry(
  services: SiteServices,
  inquiryId: number,
  param: string | undefined,
): Promise<Quotation> {
  const id = /^\d{1,12}$/.test(param ?? "") ? Number(param) : undefined;
  const quotation = id === undefined ? undefined : await services.quotations.get(id);
  if (!quotation || quotation.inquiryId !== inquiryId) throw data(null, { status: 404 });
  return quotation;
}
