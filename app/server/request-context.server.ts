import { createContext, RouterContextProvider } from "react-router";

/** The address a request came from, as the HTTP server sees it (X-Forwarded-For only behind a trusted proxy). */
export const clientAddressContext = createContext<string>("unknown");

/** The load context the production server gives every request. */
export function createLoadContext(clientAddress: string | undefined): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(clientAddressContext, clientAddress || "unknown");
  return context;
}
