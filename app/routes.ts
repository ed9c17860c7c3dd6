import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("product", "routes/product.tsx"),
  route("services", "routes/services.tsx"),
  route("services/:type", "routes/service-detail.tsx"),
  route("service/*", "routes/legacy-redirects.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("error-drill", "routes/error-drill.tsx"),
  route("_status/:kind", "routes/status-page.tsx"),
  route(":page", "routes/static-page.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
