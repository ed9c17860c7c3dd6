import { data } from "react-router";
import { staffRequest } from "../lib/inbox-request.server.ts";
import type { Route } from "./+types/not-found";

/**
 * Any other address under /inbox: the sign-in redirect like every other one
 * without a session, and a 404 only for signed-in staff.
 */
async function notFound(request: Request): Promise<never> {
  await staffRequest(request);
  throw data(null, { status: 404 });
}

export const loader = ({ request }: Route.LoaderArgs) => notFound(request);
export const action = ({ request }: Route.ActionArgs) => notFound(request);

/** Never shown: the loader always throws, and the root's error boundary draws the answer. */
export default function InboxNotFound() {
  return null;
}
