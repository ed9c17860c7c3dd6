export { SiteHeader as component } from "../../components/layout/site-header.tsx";
