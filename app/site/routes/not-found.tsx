import { data } from "react-router";

/** Any address no other route claims: a 404 that the root error boundary shows in the frame. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
