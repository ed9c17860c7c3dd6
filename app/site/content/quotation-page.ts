/** The words of the buyer's quotation page. */
export const quotationPageText = {
  title: (number: string) => `Quotation ${number}`,
  description: "Your quotation: view it, download it, accept it or ask for changes.",
  // The buyer's name goes between "Dear" and the intro, set apart on the page (its own writing direction).
  dear: "Dear",
  intro: "here is our quotation. You can download it as a PDF, accept it, or ask for changes.",
  download: "Download the PDF",
  accept: {
    heading: "Accept this quotation",
    name: "Your name",
    purchaseOrder: "Purchase order number (optional)",
    option: "Which option do you order?",
    agree: (company: string) =>
      `I accept this quotation and its terms, for the quantities and prices above, from ${company}.`,
    submit: "Accept the quotation",
  },
  changes: {
    heading: "Ask for changes",
    message: "What should change?",
    hint: "Quantities, sizes, materials, delivery: we send a revised quotation.",
    submit: "Send my request",
  },
  // The name of whoever accepted goes between these two.
  acceptedBy: "Accepted by",
  acceptedOn: (day: string) => `on ${day}. Thank you: we will be in touch about the order.`,
  // The option's name follows.
  acceptedOption: "The option accepted:",
  changesAsked: (day: string) =>
    `You asked for changes on ${day}. We will send you a revised quotation; you can still accept this one meanwhile.`,
  superseded: "This quotation was replaced by a newer quotation, sent to you by e-mail. Please use the newer one.",
  errors: {
    name: "Please type your name.",
    agree: "Please tick the box to accept.",
    option: "Please choose the option you order.",
    message: "Please say what should change.",
    tooLong: (max: number) => `At most ${max} characters.`,
    oneLine: "Please write this on one line, in letters, figures and punctuation only.",
    closed: "This quotation can no longer be answered.",
  },
  proforma: {
    heading: "Advance payment",
    intro: (number: string, day: string) =>
      `Our proforma invoice ${number} of ${day} asks for the advance on your order:`,
    advance: (percent: number, total: string) => `Advance (${percent} % of ${total})`,
    download: "Download the proforma invoice (PDF)",
    bank: "Pay by bank transfer (NEFT, RTGS or IMPS)",
    reference: (number: string) => `Please give "${number}" as the payment's reference.`,
    upi: "Or pay by UPI",
    upiHint:
      "Scan the code with any UPI app (BHIM, Google Pay, PhonePe, Paytm, your bank's app): the amount and the reference are filled in.",
    upiOpen: "On this phone? Open your UPI app",
    upiLabel: (amount: string) => `UPI payment code for ${amount}`,
    received: (amount: string, day: string) => `Thank you: we received your advance of ${amount} on ${day}.`,
    notTaxInvoice: "A proforma invoice is not a tax invoice: the tax invoice comes with the goods.",
    rows: {
      accountName: "Account name",
      bank: "Bank",
      accountNumber: "Account number",
      ifsc: "IFSC",
      upiId: "UPI ID",
    },
  },
  done: {
    accepted: "Thank you: your acceptance has been recorded, and we have been told.",
    changes: "Thank you: your request has been sent to us. We will reply with a revised quotation.",
  },
} as const;
