export { ContactForm as component } from "../../components/sections/contact-form.tsx";
