// A background job that runs every `everyMs` (0: only when kicked), one run at a time, and stops
// after the run under way: the refund worker and the bot outbox share it.
export interface IntervalWorker {
  /** Starts a run now; with `rerunWhenBusy`, a kick during a run runs it again once it ends. */
  kick(): void;
  /** Resolves when no run is under way (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export function startIntervalWorker(options: {
  work: () => Promise<unknown>;
  everyMs: number;
  /** A run that threw: the next run tries again. */
  failed: (error: unknown) => void;
  rerunWhenBusy: boolean;
}): IntervalWorker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = (): void => {
    if (stopped) return;
    if (running) {
      if (options.rerunWhenBusy) again = true;
      return;
    }
    running = options
      .work()
      .then(() => undefined)
      .catch(options.failed)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const timer = options.everyMs > 0 ? setInterval(run, options.everyMs) : null;
  timer?.unref();
  return {
    kick: run,
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      while (running) await running;
    },
  };
}
