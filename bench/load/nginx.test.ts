import { expect, test } from "vitest";
import { nginxConfig } from "./nginx.ts";

test("nginx listens on 127.0.0.1 only and balances over every instance", () => {
  const config = nginxConfig({
    port: 41000,
    upstreams: ["http://127.0.0.1:41001", "http://127.0.0.1:41002"],
    dir: "/tmp/balancer",
  });
  expect(config).toContain("listen 127.0.0.1:41000;");
  expect(config).toContain("    server 127.0.0.1:41001;\n    server 127.0.0.1:41002;\n");
  expect(config).toContain("proxy_temp_path /tmp/balancer/proxy;");
  expect(config).not.toMatch(/listen (?!127\.0\.0\.1)/);
});
