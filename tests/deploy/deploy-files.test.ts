import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";

/**
 * deploy/: the systemd unit is checked by `systemd-analyze verify` (and its exposure score by
 * `systemd-analyze security`), the nginx config by `nginx -t`, both on copies whose paths point
 * into a temporary folder (the binary, the certificate, logs), so nothing on this machine is used.
 * scripts/test.sh installs Debian's systemd and nginx packages first when they are missing.
 */
const repo = join(import.meta.dir, "../..");
const deploy = (file: string) => readFileSync(join(repo, "deploy", file), "utf8");
let dir: string;

function run(cmd: string[]) {
  const out = Bun.spawnSync(cmd, { stdout: "pipe", stderr: "pipe" });
  return { code: out.exitCode, stdout: out.stdout.toString(), stderr: out.stderr.toString() };
}

function verifyUnit(unit: string) {
  const file = join(dir, "openmat.service");
  writeFileSync(file, unit.replaceAll("/usr/local/bin/openmat", join(dir, "openmat")));
  return run(["systemd-analyze", "verify", file]);
}

function testNginx(conf: string) {
  const file = join(dir, "nginx.conf");
  writeFileSync(
    file,
    conf
      .replace("/etc/letsencrypt/live/openmat.example.org/fullchain.pem", join(dir, "cert.pem"))
      .replace("/etc/letsencrypt/live/openmat.example.org/privkey.pem", join(dir, "key.pem"))
      .replaceAll("/var/log/nginx/", `${dir}/`)
      .replace("/run/nginx.pid", join(dir, "nginx.pid")),
  );
  return run([Bun.which("nginx") ?? "/usr/sbin/nginx", "-t", "-c", file, "-p", dir]);
}

beforeAll(() => {
  dir = mkdtempSync(join(os.tmpdir(), "openmat-deploy-"));
  writeFileSync(join(dir, "openmat"), "#!/bin/sh\nexit 0\n");
  chmodSync(join(dir, "openmat"), 0o755);
  const cert = run([
    "openssl",
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-days",
    "1",
    "-subj",
    "/CN=openmat.example.org",
    "-keyout",
    join(dir, "key.pem"),
    "-out",
    join(dir, "cert.pem"),
  ]);
  if (cert.code !== 0) throw new Error(`openssl: ${cert.stderr}`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("deploy/openmat.service", () => {
  it("passes systemd-analyze verify with nothing to say", () => {
    const result = verifyUnit(deploy("openmat.service"));
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
  });

  it("would be caught by the check if a directive were misspelt", () => {
    const result = verifyUnit(deploy("openmat.service").replace("ProtectSystem=", "ProtectSystm="));
    expect(result.stderr).toContain("Unknown key");
  });

  it("runs as its own user, hardened, restarted on failure, with an environment file", () => {
    const unit = deploy("openmat.service");
    for (const line of [
      "User=openmat",
      "ProtectSystem=strict",
      "ReadWritePaths=/var/lib/openmat",
      "NoNewPrivileges=true",
      "PrivateTmp=true",
      "Restart=on-failure",
      "EnvironmentFile=/etc/openmat/openmat.env",
    ])
      expect(unit.split("\n")).toContain(line);
    // systemd's own exposure score (0 safest, 10 most exposed): "OK" needs under 3.0.
    const file = join(dir, "openmat.service");
    writeFileSync(file, unit.replaceAll("/usr/local/bin/openmat", join(dir, "openmat")));
    const security = run(["systemd-analyze", "security", "--offline=true", "--threshold=30", file]);
    expect(security.stdout).toMatch(/Overall exposure level for openmat\.service: [0-2]\.\d OK/);
    expect(security.code).toBe(0);
  });
});

describe("deploy/nginx.conf", () => {
  it("passes nginx -t", () => {
    const result = testNginx(deploy("nginx.conf"));
    expect(result.stderr).toContain("test is successful");
    expect(result.code).toBe(0);
  });

  it("would be caught by the check if it were broken", () => {
    const result = testNginx(deploy("nginx.conf").replace("proxy_buffering off;", "proxy_buffering off"));
    expect(result.code).not.toBe(0);
  });

  it("does not buffer the live event stream and lets it idle past the server's 15 s keep-alive", () => {
    const conf = deploy("nginx.conf");
    const stream = conf.slice(conf.indexOf("location = /api/events/stream"));
    const block = stream.slice(0, stream.indexOf("}"));
    expect(block).toContain("proxy_buffering off;");
    expect(block).toMatch(/proxy_read_timeout (\d+h|\d{3,}s)/);
  });
});

describe("deploy/Caddyfile", () => {
  it("proxies to the copies with the event stream flushed at once and readiness checked", () => {
    const caddy = deploy("Caddyfile");
    expect(caddy).toContain("reverse_proxy 127.0.0.1:3000");
    expect(caddy).toContain("flush_interval -1");
    expect(caddy).toContain("health_uri /readyz");
  });
});
