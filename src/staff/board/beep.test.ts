// The chime after a reload: a browser that holds audio back until the page is touched leaves the
// console's audio "blocked" (the header then offers a tap), and the first tap lets it play.
import { afterEach, describe, expect, it, vi } from "vitest";

/** An AudioContext as a browser with an autoplay block makes it: suspended until resumed. */
class HeldBackContext extends EventTarget {
  state: AudioContextState = "suspended";
  static made = 0;
  static last: HeldBackContext | null = null;
  oscillators = 0;
  constructor() {
    super();
    HeldBackContext.made += 1;
    HeldBackContext.last = this;
  }
  resume(): Promise<void> {
    this.state = "running";
    this.dispatchEvent(new Event("statechange"));
    return Promise.resolve();
  }
  get currentTime() {
    return 0;
  }
  get destination() {
    return {};
  }
  createOscillator() {
    this.oscillators += 1;
    return {
      type: "sine",
      frequency: { value: 0 },
      connect: (node: unknown) => node,
      start: () => undefined,
      stop: () => undefined,
    };
  }
  createGain() {
    const gain = {
      gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined },
      connect: (node: unknown) => node,
    };
    return gain;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe("the console's chime", () => {
  it("says it is blocked after a reload and plays once the page is tapped", async () => {
    vi.stubGlobal("AudioContext", HeldBackContext);
    const sound = await import("./beep.ts");
    const changes = vi.fn();
    sound.subscribeSound(changes);
    sound.primeSound();
    expect(HeldBackContext.made).toBe(1);
    expect(sound.soundState()).toBe("blocked");
    sound.beep();
    expect(HeldBackContext.last?.oscillators).toBe(0);

    window.dispatchEvent(new Event("pointerdown"));
    await Promise.resolve();
    expect(sound.soundState()).toBe("running");
    expect(changes).toHaveBeenCalled();
    sound.beep();
    expect(HeldBackContext.last?.oscillators).toBe(2);
    expect(HeldBackContext.made).toBe(1);
  });

  it("is unavailable where the browser has no audio", async () => {
    vi.stubGlobal("AudioContext", undefined);
    const sound = await import("./beep.ts");
    sound.primeSound();
    expect(sound.soundState()).toBe("unavailable");
  });
});
