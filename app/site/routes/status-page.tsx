import { data } from "react-router";
import { ErrorPanel } from "../components/status/error-panel.tsx";
import { NotFoundPanel } from "../components/status/not-found-panel.tsx";
import { RefusalPanel } from "../components/status/refusal-panel.tsx";
import { findStatusPage } from "../content/status-pages.ts";
import { companyIn } from "../lib/company.tsx";
import { buildMeta } from "../lib/meta.ts";
import type { Route } from "./+types/status-page";

/**
 * Prerendered only: the server sends these files, with their status, when it
 * refuses a request before React Router sees it, and never serves their
 * addresses as pages (server/http-app.ts).
 */
export function loader({ params }: Route.LoaderArgs) {
  const page = findStatusPage(params.kind);
  if (!page) throw data(null, { status: 404 });
  return { page };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? buildMeta({ title: loaderData.page.title, description: loaderData.page.description }, companyIn(matches))
    : [];

export default function StatusPage({ loaderData: { page } }: Route.ComponentProps) {
  if (page.kind === "not-found") return <NotFoundPanel />;
  if (page.kind === "server-error") return <ErrorPanel status={page.status} />;
  return <RefusalPanel kind={page.kind} status={page.status} />;
}
