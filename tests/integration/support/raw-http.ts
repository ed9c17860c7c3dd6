import { connect } from "node:net";

export type RawResponse = {
  status: number;
  /** The last value of each header, by lower-case name. */
  headers: Record<string, string>;
  /** Every header line as sent, names in lower case, repeats included. */
  rawHeaders: [string, string][];
  body: string;
};

/**
 * Sends one request exactly as written, request line and all, which fetch()
 * would tidy up first (it merges slashes and backslashes, and never sends the
 * absolute form a proxy may use).
 */
export function rawRequest(
  siteUrl: string,
  requestTarget: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  const { hostname, port, host } = new URL(siteUrl);
  const headers: Record<string, string> = { Host: host, Connection: "close", ...options.headers };
  if (options.body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(options.body));
  const head = [
    `${options.method ?? "GET"} ${requestTarget} HTTP/1.1`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.write(`${head.join("\r\n")}\r\n\r\n${options.body ?? ""}`),
    );
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error(`No answer to ${requestTarget}`)));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("end", () => resolve(parseResponse(Buffer.concat(chunks).toString("latin1"))));
  });
}

function parseResponse(text: string): RawResponse {
  const split = text.indexOf("\r\n\r\n");
  const [statusLine = "", ...lines] = text.slice(0, split).split("\r\n");
  const rawHeaders = lines.map((line): [string, string] => {
    const colon = line.indexOf(":");
    return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
  });
  const headers = Object.fromEntries(rawHeaders);
  return { status: Number(statusLine.split(" ")[1]), headers, rawHeaders, body: text.slice(split + 4) };
}
