import { type ProformaDocument, proformaFigures } from "../../server/quotations/proforma.ts";
import { qrCodeOf, qrSvgPath } from "../../server/quotations/qr-code.ts";
import type { ProformaPaymentProps } from "../components/quotation/proforma-payment.tsx";

/** A proforma as the buyer's page shows it, its PDF at `pdf`. */
export function proformaPaymentOf(doc: ProformaDocument, pdf: string): ProformaPaymentProps {
  const { proforma, upiLink } = doc;
  const code = upiLink ? qrCodeOf(upiLink) : undefined;
  const { received, ...figures } = proformaFigures(proforma);
  return {
    ...figures,
    pdf,
    bank: proforma.company.bank,
    upi: upiLink && code ? { link: upiLink, path: qrSvgPath(code), size: code.size } : undefined,
    // The buyer is told the day and the amount; who recorded it, and the bank's reference, are for staff.
    received: received && { amount: received.amount, on: received.on },
  };
}
