import { formatRupees } from "../../server/quotations/money.ts";
import { formatDay } from "../../server/quotations/numbering.ts";
import type { ProformaDocument } from "../../server/quotations/proforma.ts";
import { qrCodeOf, qrSvgPath } from "../../server/quotations/qr-code.ts";
import type { ProformaPaymentProps } from "../components/quotation/proforma-payment.tsx";

/** A proforma as the buyer's page shows it, its PDF at `pdf`. */
export function proformaPaymentOf(doc: ProformaDocument, pdf: string): ProformaPaymentProps {
  const { proforma, upiLink } = doc;
  const code = upiLink ? qrCodeOf(upiLink) : undefined;
  return {
    number: proforma.number,
    issuedOn: formatDay(proforma.issuedOn),
    advance: formatRupees(proforma.advancePaise),
    percent: proforma.advancePercent,
    total: formatRupees(proforma.totalPaise),
    pdf,
    bank: proforma.company.bank,
    upi: upiLink && code ? { link: upiLink, path: qrSvgPath(code), size: code.size } : undefined,
    received: proforma.received && {
      amount: formatRupees(proforma.received.paise),
      on: formatDay(proforma.received.on),
    },
  };
}
