import { once } from "node:events";
import { type AddressInfo, createServer } from "node:net";

/** A port on 127.0.0.1 that nothing listens on now: for a server started next, or one that stays down on purpose. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
