import { quoteUploadsPath } from "../app/server/uploads/artwork-kinds.ts";
import { canonicalPath } from "./canonical-address.ts";

// However its slashes are doubled: the address is logged as it was sent.
const uploadId = new RegExp(`^(${quoteUploadsPath.replaceAll("/", "/+")}/+)[^?#]+`, "i");
const setPasswordToken = /(\/set-password\/+)[^/?#]+/gi;

/**
 * A request's address as the log may show it: without its query, which may
 * hold anything a link or a visitor put there (an inbox search for a name,
 * e-mail or phone number, say), and with the keys an address can carry
 * replaced by "…": a set-password link's token (a key to an account) and an
 * artwork upload's id (the key to writing or cancelling the upload).
 */
export function loggablePath(url: string): { path: string; query: boolean } {
  const queryAt = url.indexOf("?");
  const sent = queryAt === -1 ? url : url.slice(0, queryAt);
  // An address spelled with escapes ("set-p%61ssword") is read as the router reads it, so its key is found too.
  const canonical = canonicalPath(sent);
  const path =
    /\/set-password\//i.test(canonical) || (!uploadId.test(sent) && uploadId.test(canonical)) ? canonical : sent;
  return { path: path.replace(setPasswordToken, "$1…").replace(uploadId, "$1…"), query: queryAt !== -1 };
}
