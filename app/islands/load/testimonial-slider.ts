export { TestimonialSlider as component } from "../../components/sections/testimonial-slider.tsx";
