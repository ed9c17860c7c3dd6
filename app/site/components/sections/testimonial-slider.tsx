import { useCallback, useEffect, useRef, useState } from "react";
import { message } from "../../content/message.ts";
import {
  type Testimonial,
  type TestimonialWords,
  testimonialImage,
  testimonialWords,
} from "../../content/testimonials.ts";
import { SLIDER_AUTOPLAY_MS } from "../../content/timing.ts";
import { Icon } from "../ui/icon.tsx";

/**
 * The WAI-ARIA carousel pattern over a CSS scroll-snap strip: without scripts it
 * is a strip to swipe or scroll; with them it moves on by itself every 2.5 s,
 * from the last slide back to the first. It wakes when it comes into view
 * (app/islands/registry.ts), so it never moves before anyone can see it. It
 * holds still while the pointer is over the slides or keyboard focus is in
 * them, when the visitor pauses it, and under reduced motion. Previous and
 * next do not stop it. Its words are English unless a page in another
 * language hands it that language's, so English pages' scripts carry no other.
 */
export function TestimonialSlider({
  testimonials,
  words = testimonialWords,
}: {
  testimonials: readonly Testimonial[];
  words?: TestimonialWords;
}) {
  const trackRef = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [held, setHeld] = useState({ pointer: false, focus: false });
  const [reducedMotion, setReducedMotion] = useState(false);

  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => setReducedMotion(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);

  const goTo = useCallback(
    (index: number) => {
      const track = trackRef.current;
      const count = testimonials.length;
      const target = ((index % count) + count) % count;
      const slide = track?.children[target] as HTMLElement | undefined;
      if (!track || !slide) return;
      const left = slide.offsetLeft - (track.clientWidth - slide.offsetWidth) / 2;
      track.scrollTo({ left, behavior: reducedMotion ? "auto" : "smooth" });
      setCurrent(target);
    },
    [reducedMotion, testimonials.length],
  );

  // Keep the current slide in step when the visitor swipes or scrolls the strip,
  // also before the slider woke: it starts from the slide in the middle.
  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const onScrollEnd = () => {
      const middle = track.scrollLeft + track.clientWidth / 2;
      const slides = Array.from(track.children) as HTMLElement[];
      const distances = slides.map((slide) => Math.abs(slide.offsetLeft + slide.offsetWidth / 2 - middle));
      setCurrent(distances.indexOf(Math.min(...distances)));
    };
    if (track.scrollLeft > 0) onScrollEnd();
    track.addEventListener("scrollend", onScrollEnd);
    return () => track.removeEventListener("scrollend", onScrollEnd);
  }, []);

  const rotating = playing && !reducedMotion && !held.pointer && !held.focus;
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => goTo(current + 1), SLIDER_AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, current, goTo]);

  return (
    <section
      className="testimonials section"
      aria-roledescription="carousel"
      aria-labelledby="testimonials-title"
      data-rotating={rotating ? "" : undefined}
    >
      <div className="container">
        <div className="testimonials__head">
          <h2 id="testimonials-title" className="section-title">
            {words.heading}
          </h2>
          <div className="testimonials__controls">
            <button
              type="button"
              className="slider-button"
              onClick={() => setPlaying(!playing)}
              aria-label={playing ? words.pause : words.play}
              hidden={reducedMotion}
            >
              <Icon name={playing ? "pause" : "play"} />
            </button>
            <button
              type="button"
              className="slider-button"
              onClick={() => goTo(current - 1)}
              aria-label={words.previous}
            >
              <Icon name="chevron-left" />
            </button>
            <button type="button" className="slider-button" onClick={() => goTo(current + 1)} aria-label={words.next}>
              <Icon name="chevron-right" />
            </button>
          </div>
        </div>
      </div>
      {/* The strip scrolls, so it takes keyboard focus. */}
      <div
        ref={trackRef}
        className="testimonials__track"
        role="group"
        aria-label={words.slides}
        aria-live={rotating ? "off" : "polite"}
        tabIndex={0}
        onPointerEnter={(event) => event.pointerType === "mouse" && setHeld((h) => ({ ...h, pointer: true }))}
        onPointerLeave={() => setHeld((h) => ({ ...h, pointer: false }))}
        onFocus={(event) => event.target.matches(":focus-visible") && setHeld((h) => ({ ...h, focus: true }))}
        onBlur={(event) =>
          !event.currentTarget.contains(event.relatedTarget as Node | null) && setHeld((h) => ({ ...h, focus: false }))
        }
      >
        {testimonials.map((testimonial, index) => (
          <div
            key={testimonial.name}
            className="testimonial"
            role="group"
            aria-roledescription="slide"
            aria-label={message(words.slideOf, { number: index + 1, count: testimonials.length })}
            aria-current={index === current ? "true" : undefined}
          >
            <figure>
              <blockquote className="testimonial__quote">
                <p>{testimonial.quote}</p>
              </blockquote>
              <figcaption className="testimonial__person">
                <img
                  src={testimonialImage.src}
                  alt=""
                  width={testimonialImage.width}
                  height={testimonialImage.height}
                  loading="lazy"
                />
                <span>
                  <strong>{testimonial.name}</strong>
                  <span>{testimonial.role}</span>
                </span>
              </figcaption>
            </figure>
          </div>
        ))}
      </div>
    </section>
  );
}
