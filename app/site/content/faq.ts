import type { FaqContent } from "../../server/content/page-items.ts";
import type { Translated } from "./translated.ts";

/** FAQ items as the site starts. The answers are filler text until the company writes its own. */
export type FaqItem = FaqContent["questions"][number];

/** Filler in any language: the Hindi answers wait for the company's own, as the English do. */
const filler =
  "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.";

const questions: readonly (readonly [question: string, inHindi: string])[] = [
  ["What is the minimum order quantity?", "कम से कम कितना ऑर्डर देना होता है?"],
  ["Can you print a sample before the full order?", "क्या पूरे ऑर्डर से पहले सैंपल छप सकता है?"],
  ["Which file formats do you accept for artwork?", "आर्टवर्क के लिए आप कौन-से फ़ाइल फ़ॉर्मेट लेते हैं?"],
  ["Do you help with packaging design and dielines?", "क्या आप पैकेजिंग डिज़ाइन और डाईलाइन में मदद करते हैं?"],
  ["How long does an order take?", "ऑर्डर तैयार होने में कितना समय लगता है?"],
  ["Do you deliver outside the city?", "क्या आप शहर से बाहर भी डिलीवरी करते हैं?"],
  ["Which payment methods do you accept?", "आप भुगतान किन तरीक़ों से लेते हैं?"],
  ["Can I reorder the same design later?", "क्या बाद में वही डिज़ाइन दोबारा ऑर्डर किया जा सकता है?"],
];

export const faqSeed: Translated<FaqContent> = {
  questions: questions.map(([question, inHindi]) => ({
    question,
    question_hi: inHindi,
    answer: filler,
    answer_hi: filler,
  })),
};
