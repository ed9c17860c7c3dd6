import type { FaqContent } from "../../server/content/page-items.ts";

/** FAQ items as the site starts. The answers are filler text until the company writes its own. */
export type FaqItem = FaqContent["questions"][number];

const filler =
  "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.";

export const faqSeed: FaqContent = {
  questions: [
    { question: "What is the minimum order quantity?", answer: filler },
    { question: "Can you print a sample before the full order?", answer: filler },
    { question: "Which file formats do you accept for artwork?", answer: filler },
    { question: "Do you help with packaging design and dielines?", answer: filler },
    { question: "How long does an order take?", answer: filler },
    { question: "Do you deliver outside the city?", answer: filler },
    { question: "Which payment methods do you accept?", answer: filler },
    { question: "Can I reorder the same design later?", answer: filler },
  ],
};
