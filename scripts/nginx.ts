// Debian's nginx in front of the API processes, for scripts/cluster.ts, its tests and the benchmark:
// renders deploy/nginx/savat.conf.template, writes it with a minimal main nginx.conf into a
// temporary prefix (pid, temp paths and logs inside, so it runs as any user), starts
// `nginx -p <prefix> -c <conf> -g 'daemon off;'` and stops it. Production uses the same template
// (README "Several API processes").
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const NGINX_BINARY = process.env.NGINX_BIN ?? "/usr/sbin/nginx";
export const NGINX_TEMPLATE = path.resolve(import.meta.dirname, "../deploy/nginx/savat.conf.template");

/** True when the nginx binary exists and may be run. */
export function nginxAvailable(binary = NGINX_BINARY): boolean {
  try {
    fs.accessSync(binary, fs.constants.X_OK);
  } catch {
    return false;
  }
  return true;
}

/**
 * Fills `${NAME}` placeholders (upper-case names, as envsubst and the nginx image's templates do).
 * A placeholder without a value is an error: a config with a hole would fail later and less clearly.
 * nginx's own variables ($host, $remote_addr) have no braces and are left alone.
 */
export function renderTemplate(template: string, vars: Record<string, string>): string {
  const missing = new Set<string>();
  const out = template.replace(/\$\{([A-Z][A-Z0-9_]*)\}/g, (_, name: string) => {
    const value = vars[name];
    if (value === undefined) {
      missing.add(name);
      return "";
    }
    return value;
  });
  if (missing.size > 0) throw new Error(`nginx template: no value for ${[...missing].join(", ")}`);
  return out;
}

export interface UpstreamServer {
  /** host:port of one API process. */
  address: string;
  /** Failed attempts within `failTimeout` that take it out for `failTimeout` (passive health check). */
  maxFails?: number;
  failTimeout?: string;
}

/** The UPSTREAM_SERVERS lines. */
export function upstreamLines(servers: UpstreamServer[]): string {
  return servers
    .map(
      (s) =>
        `    server ${s.address} max_fails=${String(s.maxFails ?? 3)} fail_timeout=${s.failTimeout ?? "10s"};`,
    )
    .join("\n");
}

export interface NginxOptions {
  /** The port nginx listens on (127.0.0.1); 0 or unset: a free one. */
  port?: number;
  upstreams: UpstreamServer[];
  serverName?: string;
  /** Worker processes (1 unless set: the tests' machines have two cores and much else to run). */
  workers?: number;
}

export interface Nginx {
  origin: string;
  port: number;
  /** The temporary prefix: nginx.conf, savat.conf, logs and temp paths. */
  prefix: string;
  /** The access log so far (format `savat` of the template: upstream address and status included). */
  accessLog(): string;
  errorLog(): string;
  /** Fast shutdown (SIGTERM; SIGKILL after 5 s), then the prefix is removed. */
  stop(): Promise<void>;
}

/** A port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    socket.setTimeout(500);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => {
      resolve(false);
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** The main nginx.conf: everything nginx writes stays in `prefix`. */
function mainConf(prefix: string, workers: number): string {
  const p = (name: string) => path.join(prefix, name);
  return [
    `worker_processes ${String(workers)};`,
    `pid ${p("nginx.pid")};`,
    `error_log ${p("error.log")} warn;`,
    "events { worker_connections 1024; }",
    "http {",
    `    client_body_temp_path ${p("tmp/body")};`,
    `    proxy_temp_path ${p("tmp/proxy")};`,
    `    fastcgi_temp_path ${p("tmp/fastcgi")};`,
    `    uwsgi_temp_path ${p("tmp/uwsgi")};`,
    `    scgi_temp_path ${p("tmp/scgi")};`,
    "    default_type application/octet-stream;",
    `    include ${p("savat.conf")};`,
    "}",
    "",
  ].join("\n");
}

export async function startNginx(options: NginxOptions): Promise<Nginx> {
  if (!nginxAvailable()) throw new Error(`nginx not found at ${NGINX_BINARY} (apt-get install nginx)`);
  const port = options.port || (await freePort());
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "savat-nginx-"));
  const remove = () => {
    fs.rmSync(prefix, { recursive: true, force: true });
  };
  const confFile = path.join(prefix, "nginx.conf");
  try {
    // Started as root, nginx's workers run as nobody: they must reach the temp paths inside.
    fs.chmodSync(prefix, 0o755);
    fs.mkdirSync(path.join(prefix, "tmp"));
    const conf = renderTemplate(fs.readFileSync(NGINX_TEMPLATE, "utf8"), {
      LISTEN_PORT: `127.0.0.1:${String(port)}`,
      SERVER_NAME: options.serverName ?? "_",
      UPSTREAM_SERVERS: upstreamLines(options.upstreams),
      ACCESS_LOG: path.join(prefix, "access.log"),
      TLS_CERTIFICATE: path.join(prefix, "tls/fullchain.pem"),
      TLS_CERTIFICATE_KEY: path.join(prefix, "tls/privkey.pem"),
    });
    fs.writeFileSync(path.join(prefix, "savat.conf"), conf);
    fs.writeFileSync(confFile, mainConf(prefix, options.workers ?? 1));
  } catch (error) {
    remove();
    throw error;
  }
  const read = (name: string) => {
    try {
      return fs.readFileSync(path.join(prefix, name), "utf8");
    } catch {
      return "";
    }
  };

  let output = "";
  const child = spawn(
    NGINX_BINARY,
    ["-p", prefix, "-e", path.join(prefix, "error.log"), "-c", confFile, "-g", "daemon off;"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  child.stdout.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => {
    child.on("exit", () => {
      resolve();
    });
  });

  const deadline = Date.now() + 10_000;
  while (!(await connects(port))) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      await exited;
      const why = `${output}${read("error.log")}`.trim();
      remove();
      throw new Error(`nginx did not start on port ${String(port)}:\n${why}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    origin: `http://127.0.0.1:${String(port)}`,
    port,
    prefix,
    accessLog: () => read("access.log"),
    errorLog: () => read("error.log"),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
        await exited;
        clearTimeout(timer);
      }
      remove();
    },
  };
}
