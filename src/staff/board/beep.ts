// A short two-tone chime made with WebAudio: no sound file to download. Browsers allow audio only
// after the page has been used, so the context is made (or resumed) on the first key or tap.
let context: AudioContext | null = null;

function unlock(): void {
  try {
    context ??= new AudioContext();
    if (context.state === "suspended") void context.resume();
  } catch {
    // No audio on this device: the title and the announcement still tell.
  }
}

if (typeof window !== "undefined") {
  for (const type of ["pointerdown", "keydown"] as const)
    window.addEventListener(type, unlock, { capture: true, passive: true });
}

export function beep(): void {
  if (!context || context.state !== "running") return;
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
}
