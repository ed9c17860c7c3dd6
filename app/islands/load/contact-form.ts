export { ContactForm as component } from "../../site/components/contact/contact-form.tsx";
