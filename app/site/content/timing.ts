/** Interface constants from the specification, in one place. */

/** How long the preloader covers the page on a full load. */
export const PRELOADER_MS_DEFAULT = 5000;

/** Testimonial slider: time between automatic moves, and the gap between slides. */
export const SLIDER_AUTOPLAY_MS = 2500;
export const SLIDE_GAP_PX = 30;
