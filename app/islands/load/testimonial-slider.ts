export { TestimonialSlider as component } from "../../site/components/sections/testimonial-slider.tsx";
