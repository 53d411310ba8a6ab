import type { FastifyServerOptions } from "fastify";
import type { Config } from "../config.ts";

type LoggerOptions = Exclude<FastifyServerOptions["logger"], boolean | undefined>;

/** The server's pino options. */
export function loggerOptions(
  level: Config["logLevel"],
  stream?: { write(line: string): void },
): LoggerOptions {
  return { level, ...(stream ? { stream } : {}) };
}
