export { QuoteForm as component } from "../../site/components/quote/quote-form.tsx";
