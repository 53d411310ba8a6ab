// The server's live streams (server-sent events), written once: the head and the first line, a
// comment line every `pingMs` (proxies drop silent connections; a check before it may end the stream
// instead, e.g. once its session is logged out), the streams of one key (a customer, a table) oldest
// first, and the ends: the client leaving, a newer stream taking the place of the oldest, and the
// server closing. Streams never finish on their own and the server's close waits for every open
// request, so they end before it (preClose); with `restartHint` each is first told to reconnect
// soon, at a random moment, so the clients of a stopping process spread over the others.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

export interface SseStream {
  /** What the opener named this stream by (a page's own id), or null. */
  readonly tag: string | null;
  readonly ended: boolean;
  /** Writes one event with its data as JSON (nothing once ended). */
  send(event: string, data: unknown): void;
  /** Ends the stream, after writing `last` (a reconnection hint) when given. */
  end(last?: string): void;
}

export interface SseOpenOptions {
  /** The group the stream belongs to, e.g. "merchantId:userId". */
  key: string;
  tag?: string | null;
  pingMs: number;
  /** Before each ping: false ends the stream instead. */
  stillWanted?: () => Promise<boolean>;
  /** A failed `stillWanted` (the stream stays; the next ping asks again). */
  checkFailed?: (error: unknown) => void;
  /** At most this many streams per key: a new one ends the oldest. */
  maxPerKey?: number;
}

interface OpenStream extends SseStream {
  /** Called once, when the stream ends (the subscriptions it holds). */
  onEnd(release: () => void): void;
}

export class SseStreams {
  private readonly all = new Set<SseStream>();
  private readonly byKey = new Map<string, SseStream[]>();

  constructor(app: FastifyInstance, options: { restartHint: boolean }) {
    if (options.restartHint) {
      app.addHook("preClose", async () => {
        for (const s of [...this.all])
          s.end(`retry: ${1_000 + Math.floor(Math.random() * 2_000)}\n: restarting\n\n`);
      });
    }
    app.addHook("onClose", async () => {
      for (const s of [...this.all]) s.end();
    });
  }

  get size(): number {
    return this.all.size;
  }

  /** The open streams of a key, oldest first. */
  of(key: string): readonly SseStream[] {
    return this.byKey.get(key) ?? [];
  }

  /** Takes the request over as an event stream. */
  open(request: FastifyRequest, reply: FastifyReply, options: SseOpenOptions): OpenStream {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
      "x-request-id": request.id,
    });
    res.write("retry: 3000\n: connected\n\n");
    const { key } = options;
    let ended = false;
    const releases: (() => void)[] = [];
    const stream: OpenStream = {
      tag: options.tag ?? null,
      get ended() {
        return ended;
      },
      send: (event, data) => {
        if (!ended) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      },
      end: (last) => {
        if (ended) return;
        ended = true;
        clearInterval(ping);
        for (const release of releases) release();
        this.all.delete(stream);
        const own = this.byKey.get(key) ?? [];
        const at = own.indexOf(stream);
        if (at >= 0) own.splice(at, 1);
        if (own.length === 0) this.byKey.delete(key);
        if (last && !res.destroyed) res.write(last);
        res.end();
      },
      onEnd: (release) => {
        if (ended) release();
        else releases.push(release);
      },
    };
    const { stillWanted } = options;
    const ping = setInterval(() => {
      if (!stillWanted) {
        if (!ended) res.write(": ping\n\n");
        return;
      }
      stillWanted().then(
        (wanted) => {
          if (!wanted) stream.end();
          else if (!ended) res.write(": ping\n\n");
        },
        (error: unknown) => options.checkFailed?.(error),
      );
    }, options.pingMs);
    this.all.add(stream);
    const own = this.byKey.get(key) ?? [];
    this.byKey.set(key, own);
    own.push(stream);
    if (options.maxPerKey !== undefined) while (own.length > options.maxPerKey) own.shift()?.end();
    res.on("close", () => {
      stream.end();
    });
    return stream;
  }
}
