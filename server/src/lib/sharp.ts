// sharp (a native module, with its own dependencies) loads on its first use, not at start: a
// server that is not asked to resize or re-encode a picture never pays its load time and memory.
type Sharp = (typeof import("sharp"))["default"];
let sharpModule: Promise<Sharp> | null = null;

export function loadSharp(): Promise<Sharp> {
  sharpModule ??= import("sharp").then((m) => m.default);
  return sharpModule;
}
