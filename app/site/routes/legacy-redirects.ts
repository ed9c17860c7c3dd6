import { data, redirect } from "react-router";
import { legacyRedirectTarget } from "../lib/legacy-redirects.ts";
import type { Route } from "./+types/legacy-redirects";

/** The old site's /service/... addresses: a permanent redirect to the page that replaced each one. */
export function loader({ request }: Route.LoaderArgs) {
  const target = legacyRedirectTarget(new URL(request.url).pathname);
  if (!target) throw data(null, { status: 404 });
  return redirect(target, 301);
}
