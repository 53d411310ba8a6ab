import { create } from "qrcode";
import { useMemo } from "react";

/**
 * A QR code of `text`, drawn here as SVG (qrcode's matrix; no outside service, no injected markup).
 * Its own chunk: only the desktop footer draws one.
 */
export function QrCode({ text, size = 128, label }: { text: string; size?: number; label: string }) {
  const path = useMemo(() => {
    const { modules } = create(text, { errorCorrectionLevel: "M" });
    const n = modules.size;
    let d = "";
    for (let y = 0; y < n; y += 1) {
      for (let x = 0; x < n; x += 1) if (modules.get(x, y)) d += `M${x} ${y}h1v1h-1z`;
    }
    return { d, n };
  }, [text]);
  // A quiet zone of 2 modules around the code, as scanners expect.
  const box = path.n + 4;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`-2 -2 ${box} ${box}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className="qr-code"
    >
      <rect x="-2" y="-2" width={box} height={box} fill="#fff" />
      <path d={path.d} fill="#000" />
    </svg>
  );
}
