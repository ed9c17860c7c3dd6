import type { HomeContent } from "../../server/content/page-items.ts";
import type { Translated } from "./translated.ts";

/** Customer testimonials, as the site starts (the owner edits them). The names and quotes are placeholders. */
export type Testimonial = Pick<HomeContent["testimonials"][number], "name" | "role" | "quote">;

/** All testimonials share one portrait illustration, as on the old site. */
export const testimonialImage = { src: "/images/testimonial.svg", width: 96, height: 96 } as const;

/**
 * The slider's own words: the slider wakes in the browser, so these are its
 * default, and a page in another language hands it that language's as props.
 * Props travel in the page as JSON, which carries no functions: the slide's
 * number and the count are filled in where `{number}` and `{count}` stand.
 */
export const testimonialWords = {
  heading: "What our customers say",
  pause: "Pause testimonials",
  play: "Play testimonials",
  previous: "Previous testimonial",
  next: "Next testimonial",
  slides: "Testimonial slides",
  slideOf: "{number} of {count}",
};

export type TestimonialWords = typeof testimonialWords;

export const testimonials: Translated<HomeContent["testimonials"]> = [
  {
    name: "Riya Sharma",
    name_hi: "रिया शर्मा",
    role: "Owner, a bakery chain",
    role_hi: "एक बेकरी चेन की मालिक",
    quote: "Our cake boxes arrive on time every month, hold their shape and look as good as the cakes inside them.",
    quote_hi: "हमारे केक बॉक्स हर महीने समय पर आते हैं, अपना आकार बनाए रखते हैं और उतने ही सुंदर दिखते हैं जितने उनके अंदर रखे केक।",
  },
  {
    name: "Arjun Mehta",
    name_hi: "अर्जुन मेहता",
    role: "Marketing head, a consumer brand",
    role_hi: "मार्केटिंग हेड, एक कंज़्यूमर ब्रांड",
    quote: "They printed a test carton within a week and matched our brand colours exactly across three reprints.",
    quote_hi: "उन्होंने एक हफ़्ते में टेस्ट कार्टन छाप दिया, और तीनों रीप्रिंट में हमारे ब्रांड के रंग बिल्कुल वैसे ही मिलाए।",
  },
  {
    name: "Neha Gupta",
    name_hi: "नेहा गुप्ता",
    role: "Events manager",
    role_hi: "इवेंट मैनेजर",
    quote: "Standees, flex banners and brochures for a trade fair, all from one supplier and all ready before the day.",
    quote_hi: "ट्रेड फ़ेयर के लिए स्टैंडी, फ़्लेक्स बैनर और ब्रोशर, सब एक ही सप्लायर से और सब तय दिन से पहले तैयार।",
  },
];
