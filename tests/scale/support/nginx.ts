import { type ChildProcess, execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { freePort } from "../../support/free-port.ts";

const root = path.resolve(import.meta.dirname, "../../..");

/** The site file the deployment uses, which the tests render with their own ports, paths and certificate. */
const siteFile = path.join(root, "deploy/nginx/print-site.conf");

/** The name the rendered site answers to, in place of www.example.com; the test's certificate is made for it. */
export const siteHost = "localhost";

/** Debian's nginx, on the PATH or where the package puts it (/usr/sbin is not on every user's PATH). */
export function findNginx(): string | undefined {
  const dirs = [...(process.env.PATH ?? "").split(path.delimiter).filter(Boolean), "/usr/sbin"];
  return dirs.map((dir) => path.join(dir, "nginx")).find((candidate) => existsSync(candidate));
}

type Certificate = { certificateFile: string; keyFile: string; pem: string };

/** A self-signed certificate for siteHost, which the test's client trusts and nothing else does. */
async function selfSignedCertificate(dir: string): Promise<Certificate> {
  const certificateFile = path.join(dir, "certificate.pem");
  const keyFile = path.join(dir, "key.pem");
  await promisify(execFile)("openssl", [
    "req",
    "-x509",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:prime256v1",
    "-nodes",
    "-days",
    "2",
    "-subj",
    `/CN=${siteHost}`,
    "-addext",
    `subjectAltName=DNS:${siteHost}`,
    "-keyout",
    keyFile,
    "-out",
    certificateFile,
  ]);
  return { certificateFile, keyFile, pem: await readFile(certificateFile, "utf8") };
}

type SiteFileValues = {
  httpPort: number;
  httpsPort: number;
  certificate: Certificate;
  /** The build folder, in place of /srv/print-site/current/build. */
  buildDir: string;
  /** The instances' ports on 127.0.0.1, in place of the upstream's servers. */
  instancePorts: number[];
  accessLog: string;
};

/**
 * The shipped site file with the test's values in place of its placeholders,
 * and nothing else changed. Each placeholder must be found, so that the file
 * and the test cannot drift apart unnoticed.
 */
function renderSiteFile(text: string, values: SiteFileValues): string {
  const replace = (pattern: RegExp, replacement: string | ((match: string, ...groups: string[]) => string)) => {
    if (!pattern.test(text)) throw new Error(`${siteFile} no longer holds ${pattern}; update the test's rendering`);
    text = text.replace(pattern, replacement as string);
  };
  // IPv6 may be off where the tests run; the IPv4 lines stay.
  replace(/^\s*listen \[::\]:.*\n/gm, "");
  replace(/\blisten 80\b/g, `listen 127.0.0.1:${values.httpPort}`);
  replace(/\blisten 443\b/g, `listen 127.0.0.1:${values.httpsPort}`);
  replace(/\bserver_name www\.example\.com;/g, `server_name ${siteHost};`);
  replace(/\/etc\/letsencrypt\/live\/www\.example\.com\/fullchain\.pem/g, values.certificate.certificateFile);
  replace(/\/etc\/letsencrypt\/live\/www\.example\.com\/privkey\.pem/g, values.certificate.keyFile);
  replace(/\/srv\/print-site\/current\/build\b/g, values.buildDir);
  replace(/\/var\/log\/nginx\/print-site\.access\.log/g, values.accessLog);
  replace(
    /(upstream print_site \{\n)((?:\s*server 127\.0\.0\.1:\d+[^\n]*\n)+)/,
    (_match, head: string, lines: string) => {
      const template = lines.split("\n")[0] ?? "";
      return head + values.instancePorts.map((port) => `${template.replace(/:\d+/, `:${port}`)}\n`).join("");
    },
  );
  return text;
}

/** nginx's own settings around the site file, as /etc/nginx/nginx.conf gives them, with every path in the test's folder. */
function mainConfig(dir: string, site: string): string {
  const temp = (name: string) => path.join(dir, "temp", name);
  return `
${process.getuid?.() === 0 ? "user root;" : ""}
worker_processes 1;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 512; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    sendfile on;
    access_log off;
    client_body_temp_path ${temp("client-body")};
    proxy_temp_path ${temp("proxy")};
    fastcgi_temp_path ${temp("fastcgi")};
    uwsgi_temp_path ${temp("uwsgi")};
    scgi_temp_path ${temp("scgi")};
    include ${site};
}
`;
}

type AccessLogLine = { requestId: string; method: string; path: string; status: number; upstream: string };

export type RunningNginx = {
  httpPort: number;
  httpsPort: number;
  /** The test certificate nginx presents, for a client to trust. */
  ca: string;
  /** The site file as rendered for this run. */
  renderedSite: string;
  /** The site's access log so far, in the site file's own format. */
  accessLog(): Promise<AccessLogLine[]>;
  /** nginx's error log so far: why it could not reach an instance, say. */
  errorLog(): Promise<string>;
  stop(): Promise<void>;
};

/** Runs nginx in the foreground with the rendered site file, until stop(). */
export async function startNginx(options: {
  nginx: string;
  dir: string;
  buildDir: string;
  instancePorts: number[];
}): Promise<RunningNginx> {
  const { nginx, dir } = options;
  await mkdir(path.join(dir, "temp"), { recursive: true });
  const [httpPort, httpsPort, certificate] = await Promise.all([freePort(), freePort(), selfSignedCertificate(dir)]);
  const accessLogFile = path.join(dir, "access.log");
  const renderedSite = renderSiteFile(await readFile(siteFile, "utf8"), {
    httpPort,
    httpsPort,
    certificate,
    buildDir: options.buildDir,
    instancePorts: options.instancePorts,
    accessLog: accessLogFile,
  });
  const sitePath = path.join(dir, "print-site.conf");
  const configPath = path.join(dir, "nginx.conf");
  await writeFile(sitePath, renderedSite);
  await writeFile(configPath, mainConfig(dir, sitePath));

  const child: ChildProcess = spawn(nginx, ["-p", dir, "-c", configPath, "-g", "daemon off;"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = once(child, "exit");

  const deadline = Date.now() + 10_000;
  while (!(await accepts(httpsPort))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      const errorLog = await readFile(path.join(dir, "error.log"), "utf8").catch(() => "");
      throw new Error(`nginx did not start (exit ${child.exitCode}):\n${output}\n${errorLog}`);
    }
    await sleep(50);
  }

  return {
    httpPort,
    httpsPort,
    ca: certificate.pem,
    renderedSite,
    async accessLog() {
      const text = await readFile(accessLogFile, "utf8").catch(() => "");
      return text.split("\n").filter(Boolean).map(parseAccessLogLine);
    },
    errorLog: () => readFile(path.join(dir, "error.log"), "utf8").catch(() => ""),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      await exited;
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** A line of the site file's log_format print_site. */
function parseAccessLogLine(line: string): AccessLogLine {
  const match = /^\S+ (\S+) "(\S+) ([^"]*)" (\d+) \d+ \S+ upstream=(.*)$/.exec(line);
  if (!match) throw new Error(`An access log line not in the site's format: ${line}`);
  const [, requestId = "", method = "", requestPath = "", status = "", upstream = ""] = match;
  return { requestId, method, path: requestPath, status: Number(status), upstream };
}

export type Answer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body as it came over the wire, still in its Content-Encoding. */
  bytes: Buffer;
};

export type Sending = {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /**
   * The loopback address the request comes from (127.0.0.0/8 is all this
   * machine's), so that the tests can be several visitors as nginx sees them.
   */
  from?: string;
};

/**
 * One request on a connection of its own, the target sent exactly as written,
 * over HTTPS to nginx (trusting only the test's certificate, by the name
 * siteHost) or over plain HTTP to nginx or an instance.
 */
export function send(
  to: { scheme: "https"; port: number; ca: string } | { scheme: "http"; port: number; host?: string },
  target: string,
  sending: Sending = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...sending.headers };
  if (sending.body !== undefined) {
    headers["Content-Type"] ??= "application/x-www-form-urlencoded";
    headers["Content-Length"] = String(Buffer.byteLength(sending.body));
  }
  const common = {
    host: "127.0.0.1",
    port: to.port,
    method: sending.method ?? (sending.body === undefined ? "GET" : "POST"),
    path: target,
    agent: false as const,
    localAddress: sending.from,
  };
  return new Promise((resolve, reject) => {
    const request =
      to.scheme === "https"
        ? https.request({
            ...common,
            headers: { Host: `${siteHost}:${to.port}`, ...headers },
            ca: to.ca,
            servername: siteHost,
          })
        : http.request({ ...common, headers: { Host: to.host ?? `127.0.0.1:${to.port}`, ...headers } });
    request.setTimeout(30_000, () => request.destroy(new Error(`No answer to ${target} in 30 s`)));
    request.on("error", reject);
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: bytes.toString("utf8"), bytes });
      });
    });
    request.end(sending.body);
  });
}
