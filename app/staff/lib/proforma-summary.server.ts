import type { DeliveryStatus } from "../../server/contact/inquiries.server.ts";
import { canSendAgain, describeDelivery } from "../../server/inbox/report.server.ts";
import { formatRupees } from "../../server/quotations/money.ts";
import { formatDay } from "../../server/quotations/numbering.ts";
import { type Proforma, upiAmount } from "../../server/quotations/proforma.ts";
import { indiaDay } from "../../server/quotations/quotation.ts";
import type { ProformaSummary } from "../components/quotation/proforma-panel.tsx";

/** A proforma as its panel shows it, amounts and days in words, and the mail's state as every mail's report words it. */
export function proformaSummary(
  proforma: Proforma,
  { pdf, mail, now }: { pdf: string; mail: DeliveryStatus | undefined; now: number },
): ProformaSummary {
  const { received } = proforma;
  return {
    number: proforma.number,
    issuedOn: formatDay(proforma.issuedOn),
    advance: formatRupees(proforma.advancePaise),
    percent: proforma.advancePercent,
    total: formatRupees(proforma.totalPaise),
    pdf,
    mail: mail && { words: describeDelivery(mail, false, now), canSendAgain: canSendAgain(mail) },
    received: received && {
      amount: formatRupees(received.paise),
      on: formatDay(received.on),
      reference: received.reference,
      by: received.by,
    },
    suggested: { amount: upiAmount(proforma.advancePaise), on: indiaDay(now) },
  };
}
