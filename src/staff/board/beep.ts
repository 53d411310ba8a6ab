// A short two-tone chime made with WebAudio: no sound file to download. Browsers allow audio only
// after the page has been used (autoplay policy), so after a reload the chime may be blocked until
// someone touches the page: the context is made at once to learn that, `soundState` tells the
// header (which then offers one tap to turn the sound on), and the first key or tap resumes it.
let context: AudioContext | null = null;
let failed = false;

/** running: chimes play; blocked: the browser waits for a tap; unavailable: no audio here. */
export type SoundState = "running" | "blocked" | "unavailable";

const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

function ensureContext(): AudioContext | null {
  if (context || failed) return context;
  try {
    context = new AudioContext();
    context.addEventListener("statechange", changed);
  } catch {
    // No audio on this device: the title and the announcement still tell.
    failed = true;
  }
  changed();
  return context;
}

/** Made (or resumed) on a key or tap: the browser's policy allows it then. */
export function unlockSound(): void {
  const audio = ensureContext();
  if (audio?.state === "suspended") void audio.resume().then(changed, changed);
}

/** Made at start (sound on): a browser that blocks autoplay leaves it "suspended", so we can say so. */
export function primeSound(): void {
  ensureContext();
}

export function soundState(): SoundState {
  if (!context) return failed || typeof AudioContext === "undefined" ? "unavailable" : "blocked";
  return context.state === "running" ? "running" : "blocked";
}

export function subscribeSound(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== "undefined") {
  for (const type of ["pointerdown", "keydown"] as const)
    window.addEventListener(type, unlockSound, { capture: true, passive: true });
}

export function beep(): void {
  if (!context || context.state !== "running") return;
  try {
    const now = context.currentTime;
    for (const [i, frequency] of [880, 1320].entries()) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.type = "sine";
      osc.frequency.value = frequency;
      const start = now + i * 0.18;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.3, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.16);
      osc.connect(gain).connect(context.destination);
      osc.start(start);
      osc.stop(start + 0.17);
    }
  } catch {
    // A chime that fails must not take the console down: the title and the announcement still tell.
  }
}
