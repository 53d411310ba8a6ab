// The embedded database's commands while the server runs (issue 36). PGlite is one process's: a
// second one may not open the data directory, so `npm run staff -- grant|revoke|new-brand` hands its
// arguments to the running server over a Unix socket in DATA_DIR, which runs the same command on its
// own connection. The socket is the data directory owner's only (mode 0600): whoever may use it may
// read the database's files anyway.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
}

export type CommandRunner = (args: string[], io: CommandIo) => Promise<number>;

interface Reply {
  code: number;
  lines: { to: "out" | "err"; text: string }[];
}

/** A request is a command line: a few words, never a file. */
const MAX_REQUEST_BYTES = 16 * 1024;

export const adminSocketPath = (dataDir: string) => path.join(dataDir, "admin.sock");

/** Listens on DATA_DIR/admin.sock; answers each request with its exit code and printed lines. */
export async function listenAdminSocket(dataDir: string, run: CommandRunner): Promise<() => Promise<void>> {
  const file = adminSocketPath(dataDir);
  // Left by a process that did not stop cleanly; the data directory's lock says none runs now.
  fs.rmSync(file, { force: true });
  const server = net.createServer((socket) => {
    let input = "";
    socket.setEncoding("utf8");
    socket.setTimeout(60_000, () => socket.destroy());
    socket.on("error", () => undefined);
    socket.on("data", (chunk: string) => {
      input += chunk;
      if (input.length > MAX_REQUEST_BYTES) {
        socket.destroy();
        return;
      }
      const end = input.indexOf("\n");
      if (end < 0) return;
      socket.removeAllListeners("data");
      void answer(input.slice(0, end)).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
  });
  async function answer(line: string): Promise<Reply> {
    const lines: Reply["lines"] = [];
    const io: CommandIo = {
      out: (text) => lines.push({ to: "out", text }),
      err: (text) => lines.push({ to: "err", text }),
    };
    try {
      const request = JSON.parse(line) as { args?: unknown };
      const args = request.args;
      if (!Array.isArray(args) || !args.every((a): a is string => typeof a === "string")) {
        io.err("bad request");
        return { code: 2, lines };
      }
      return { code: await run(args, io), lines };
    } catch (error) {
      io.err(error instanceof Error ? error.message : String(error));
      return { code: 1, lines };
    }
  }
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(file, () => {
      server.off("error", reject);
      resolve();
    });
  });
  fs.chmodSync(file, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => {
        fs.rmSync(file, { force: true });
        resolve();
      });
    });
}

/** Runs a command in the server that holds DATA_DIR; undefined when none listens there. */
export async function callAdminSocket(
  dataDir: string,
  args: string[],
  io: CommandIo,
): Promise<number | undefined> {
  const file = adminSocketPath(dataDir);
  if (!fs.existsSync(file)) return undefined;
  return new Promise((resolve) => {
    const socket = net.createConnection(file);
    let input = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(`${JSON.stringify({ args })}\n`));
    socket.on("data", (chunk: string) => {
      input += chunk;
    });
    socket.on("error", () => {
      resolve(undefined);
    });
    socket.on("end", () => {
      try {
        const reply = JSON.parse(input) as Reply;
        for (const line of reply.lines) io[line.to](line.text);
        resolve(reply.code);
      } catch {
        resolve(undefined);
      }
    });
  });
}
