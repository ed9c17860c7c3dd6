import { data } from "react-router";

/**
 * Lets the error page be checked against the real server: with ERROR_DRILL=1 in
 * the server's environment this page fails as a broken page would; otherwise
 * the address does not exist.
 */
export function loader() {
  if (process.env.ERROR_DRILL !== "1") throw data(null, { status: 404 });
  return null;
}

export default function ErrorDrill(): never {
  throw new Error("Error drill: a page failed while rendering.");
}
