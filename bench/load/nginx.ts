import { type ChildProcess, execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "../../tests/support/free-port.ts";

const root = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

export type Balancer = { url: string; stop(): Promise<void> };

/**
 * Debian's nginx, installed by scripts/ensure-nginx.sh when it is missing (its
 * progress goes to this process's stderr). Answers the binary and its version.
 */
export async function ensureNginx(): Promise<{ binary: string; version: string }> {
  const child = spawn("bash", [path.join(root, "scripts", "ensure-nginx.sh")], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const [code] = await once(child, "exit");
  if (code !== 0) throw new Error(`scripts/ensure-nginx.sh failed with exit code ${code}`);
  const binary = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((file) => existsSync(file)) ?? "nginx";
  // nginx -v writes its version to stderr.
  const { stderr } = await run(binary, ["-v"]);
  return { binary, version: /nginx\/(\S+)/.exec(stderr)?.[1] ?? stderr.trim() };
}

/**
 * A plain-HTTP load balancer on 127.0.0.1: round robin (nginx's default) over the
 * instances, with the headers a proxy in front of the site sends (README, "Behind
 * a reverse proxy"). A new connection to an instance for each request, as a proxy
 * that must not lose a form to a connection an instance closes keeps none.
 * Everything it writes stays in dir.
 */
export function nginxConfig(options: { port: number; upstreams: string[]; dir: string }): string {
  const servers = options.upstreams.map((url) => `    server ${new URL(url).host};`).join("\n");
  const temp = (name: string) => path.join(options.dir, name);
  return `worker_processes 1;
events {
  worker_connections 1024;
}
http {
  access_log off;
  client_body_temp_path ${temp("client-body")};
  proxy_temp_path ${temp("proxy")};
  fastcgi_temp_path ${temp("fastcgi")};
  uwsgi_temp_path ${temp("uwsgi")};
  scgi_temp_path ${temp("scgi")};
  upstream site {
${servers}
  }
  server {
    listen 127.0.0.1:${options.port};
    # As the deployment's site file: pieces of artwork passed on as they arrive.
    location /quote/uploads {
      proxy_pass http://site;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      client_max_body_size 16m;
      proxy_request_buffering off;
    }
    location / {
      proxy_pass http://site;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`;
}

/** Starts nginx in front of the instances, in the foreground as a child of this process, and waits until it answers. */
export async function startBalancer(binary: string, upstreams: string[]): Promise<Balancer> {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-load-nginx-"));
  // Started as root, nginx's workers run as an unprivileged user, which must reach its temp folders.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const conf = path.join(dir, "nginx.conf");
  const errorLog = path.join(dir, "error.log");
  writeFileSync(conf, nginxConfig({ port, upstreams, dir }));
  const child: ChildProcess = spawn(
    binary,
    ["-p", dir, "-c", conf, "-e", errorLog, "-g", `daemon off; pid ${path.join(dir, "nginx.pid")};`],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let output = "";
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = once(child, "exit");
  const url = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      const log = existsSync(errorLog) ? readFileSync(errorLog, "utf8") : "";
      await stop();
      throw new Error(`nginx exited (${child.exitCode}): ${output}${log}`.trim());
    }
    try {
      const response = await fetch(`${url}/`, { signal: AbortSignal.timeout(1_000) });
      await response.arrayBuffer();
      if (response.ok) return { url, stop };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not answer on ${url} within 10 s: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
