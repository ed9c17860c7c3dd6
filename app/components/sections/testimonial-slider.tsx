import { testimonialImage, testimonials } from "../../content/testimonials.ts";
import "./testimonial-slider.css";

export function TestimonialSlider() {
  return (
    <section className="testimonials section" aria-labelledby="testimonials-title">
      <div className="container">
        <h2 id="testimonials-title" className="section-title">
          What our customers say
        </h2>
        <ul className="testimonials__track">
          {testimonials.map((testimonial) => (
            <li key={testimonial.name} className="testimonial">
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
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
