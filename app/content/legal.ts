/** Privacy policy and terms. The section text is filler until the company's own is written. */
export type LegalSection = { heading: string; body: string };
export type LegalDocument = { lastUpdated: string; sections: readonly LegalSection[] };

const filler =
  "Lorem ipsum dolor sit amet, consectetur adipiscing elit. Integer nec odio. Praesent libero. Sed cursus ante dapibus diam. Sed nisi. Nulla quis sem at nibh elementum imperdiet. Duis sagittis ipsum. Praesent mauris. Fusce nec tellus sed augue semper porta.";

export const privacyPolicy: LegalDocument = {
  lastUpdated: "2026-11-01",
  sections: [
    { heading: "Information we collect", body: filler },
    { heading: "How we use your information", body: filler },
    { heading: "How long we keep it", body: filler },
    { heading: "Sharing with others", body: filler },
    { heading: "Your rights", body: filler },
    { heading: "Contact", body: filler },
  ],
};

export const termsAndConditions: LegalDocument = {
  lastUpdated: "2026-11-01",
  sections: [
    { heading: "Quotes and orders", body: filler },
    { heading: "Artwork and proofs", body: filler },
    { heading: "Production and delivery", body: filler },
    { heading: "Payment", body: filler },
    { heading: "Liability", body: filler },
    { heading: "Governing law", body: filler },
  ],
};
