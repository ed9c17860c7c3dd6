export { SiteHeader as component } from "../../site/components/layout/site-header.tsx";
