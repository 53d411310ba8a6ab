// The console gateway (development and demo only): each message becomes one JSON line
// {"sms":"console","phone":...,"text":...} on the server's standard output, whatever the log
// level, so a developer always sees the code. In demo mode the same line is also appended to
// DATA_DIR/sms-outbox.jsonl, where the browser journeys read their codes (docs/decisions.md).
import fs from "node:fs";
import path from "node:path";
import type { SmsGateway } from "./types.ts";

export const SMS_OUTBOX_FILE = "sms-outbox.jsonl";

type ConsoleListener = (message: { phone: string; text: string }) => void;
const listeners = new Set<ConsoleListener>();

/** In-process observers of the console gateway (server tests read their codes here). */
export function onConsoleSms(listener: ConsoleListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export interface ConsoleGatewayOptions {
  /** Where the line goes; standard output by default, nowhere when null (LOG_LEVEL=silent). */
  write?: ((line: string) => void) | null;
  /** A file that receives the same lines (demo mode). */
  outboxFile?: string;
}

export function createConsoleGateway(options: ConsoleGatewayOptions = {}): SmsGateway {
  const write =
    options.write === null ? undefined : (options.write ?? ((line: string) => process.stdout.write(line)));
  return {
    name: "console",
    async send({ phone, text }) {
      const line = `${JSON.stringify({ sms: "console", time: new Date().toISOString(), phone, text })}\n`;
      write?.(line);
      for (const listener of listeners) listener({ phone, text });
      if (options.outboxFile) {
        await fs.promises.mkdir(path.dirname(options.outboxFile), { recursive: true });
        await fs.promises.appendFile(options.outboxFile, line, { mode: 0o600 });
      }
    },
  };
}
