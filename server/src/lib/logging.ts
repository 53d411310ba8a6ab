import type { FastifyServerOptions } from "fastify";
import pino from "pino";
import type { Config } from "../config.ts";

// What the logs keep: paths, status codes, error types and messages. What they never keep: query
// strings (searched addresses, coordinates) and the values of a failed SQL statement (phones,
// names, addresses), which database errors carry in their parameters and details.

type LoggerOptions = Exclude<FastifyServerOptions["logger"], boolean | undefined>;

/** Fields of database errors that hold row values: parameters, "Key (phone)=(...)", context. */
const VALUE_FIELDS = new Set(["params", "parameters", "detail", "where", "internalQuery"]);
const MAX_CAUSES = 5;

/** The path of a URL without its query string: `/search?q=Bobur 17` logs as `/search?…`. */
export function pathOnly(url: string): string {
  const at = url.indexOf("?");
  return at === -1 ? url : `${url.slice(0, at)}?…`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  /** Fastify passes its own request, whose ip and host follow the proxy settings. */
  ip?: string;
  host?: string;
  socket?: { remotePort?: number };
}

function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : pathOnly(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Drizzle appends the statement's values to its message: "Failed query: ...\nparams: a,b". */
function withoutParams(error: Error): (text: string) => string {
  const params: unknown = Reflect.get(error, "params");
  if (!Array.isArray(params) || params.length === 0) return (text) => text;
  const listed = `\nparams: ${String(params)}`;
  return (text) => text.replaceAll(listed, "\nparams: [redacted]");
}

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: "a non-Error was thrown", stack: "" };
  const scrub = withoutParams(error);
  const out: SerializedError = {
    type: error.constructor.name === "Error" ? error.name : error.constructor.name,
    message: scrub(error.message),
    stack: scrub(error.stack ?? ""),
  };
  // Plain fields only (code, statusCode, constraint, table, ...): objects may hold request data.
  for (const [key, value] of Object.entries(error)) {
    if (key === "cause" || VALUE_FIELDS.has(key) || key in out) continue;
    if (typeof value === "string") out[key] = key === "url" ? pathOnly(value) : scrub(value);
    else if (typeof value === "number" || typeof value === "boolean") out[key] = value;
  }
  if (error.cause !== undefined && depth < MAX_CAUSES) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

/**
 * Standard output, each turn of the event loop's lines written together by one system call. A line
 * per request written at once cost a system call each, the largest part of a cached menu call's time
 * (bench:menu); pino's asynchronous mode measured slower still here (it measures its whole pending
 * text again at every line). The lines of the current turn are written when the process exits too,
 * so only a process killed outright (SIGKILL) can lose them.
 */
class LinesPerTurn {
  readonly #out = pino.destination({ dest: 1, sync: true });
  #pending = "";
  #scheduled = false;

  constructor() {
    process.on("exit", this.#flush);
  }

  write(line: string): void {
    this.#pending += line;
    if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(this.#flush);
    }
  }

  readonly #flush = (): void => {
    this.#scheduled = false;
    if (this.#pending === "") return;
    const text = this.#pending;
    this.#pending = "";
    this.#out.write(text);
  };
}

let stdout: LinesPerTurn | null = null;

/** The server's pino options; `stream` replaces stdout (tests read the lines). */
export function loggerOptions(
  level: Config["logLevel"],
  stream?: { write(line: string): void },
): LoggerOptions {
  return {
    level,
    serializers: { req: serializeRequest, err: (error) => serializeError(error) },
    stream: stream ?? (stdout ??= new LinesPerTurn()),
  };
}
