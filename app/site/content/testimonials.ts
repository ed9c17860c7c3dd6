import type { HomeContent } from "../../server/content/page-items.ts";

/** Customer testimonials, as the site starts (the owner edits them). The names and quotes are placeholders. */
export type Testimonial = HomeContent["testimonials"][number];

/** All testimonials share one portrait illustration, as on the old site. */
export const testimonialImage = { src: "/images/testimonial.svg", width: 96, height: 96 } as const;

export const testimonials: HomeContent["testimonials"] = [
  {
    name: "Riya Sharma",
    role: "Owner, a bakery chain",
    quote: "Our cake boxes arrive on time every month, hold their shape and look as good as the cakes inside them.",
  },
  {
    name: "Arjun Mehta",
    role: "Marketing head, a consumer brand",
    quote: "They printed a test carton within a week and matched our brand colours exactly across three reprints.",
  },
  {
    name: "Neha Gupta",
    role: "Events manager",
    quote: "Standees, flex banners and brochures for a trade fair, all from one supplier and all ready before the day.",
  },
];
