import type { DeliveryStatus } from "../../server/contact/inquiries.server.ts";
import { canSendAgain, describeDelivery } from "../../server/inbox/report.server.ts";
import { type Proforma, proformaFigures, upiAmount } from "../../server/quotations/proforma.ts";
import { indiaDay } from "../../server/quotations/quotation.ts";
import type { ProformaSummary } from "../components/quotation/proforma-panel.tsx";

/** A proforma as its panel shows it, amounts and days in words, and the mail's state as every mail's report words it. */
export function proformaSummary(
  proforma: Proforma,
  { pdf, mail, now }: { pdf: string; mail: DeliveryStatus | undefined; now: number },
): ProformaSummary {
  return {
    ...proformaFigures(proforma),
    pdf,
    mail: mail && { words: describeDelivery(mail, false, now), canSendAgain: canSendAgain(mail) },
    suggested: { amount: upiAmount(proforma.advancePaise), on: indiaDay(now) },
  };
}
