// While the courier carries an order on its way, the phone's position goes to the server in batches
// every few seconds (navigator.geolocation.watchPosition). Off a delivery nothing is watched, so the
// courier is not followed between orders. Inside Telegram this is the web view's geolocation too:
// Telegram's LocationManager is not wired (src/platform would need it behind its interface first).
import { useEffect, useState } from "react";
import type { CourierPositionInput } from "../../domain/contract/courier-app.ts";
import { POSITION_SEND_INTERVAL_MS } from "../../domain/courier-app.ts";
import { sendPositions } from "./api.ts";

export type PositionState = "off" | "watching" | "denied" | "unavailable";

export function usePositionReporting(token: string, active: boolean): PositionState {
  const [state, setState] = useState<PositionState>("watching");
  const supported = "geolocation" in navigator;
  useEffect(() => {
    if (!active || !supported) return;
    let pending: CourierPositionInput[] = [];
    const watch = navigator.geolocation.watchPosition(
      (p) => {
        setState("watching");
        pending.push({
          lat: p.coords.latitude,
          lon: p.coords.longitude,
          accuracy: Number.isFinite(p.coords.accuracy) ? p.coords.accuracy : null,
          at: new Date(p.timestamp || Date.now()).toISOString(),
        });
        // A phone that stays put for hours sends a bounded batch.
        if (pending.length > 50) pending = pending.slice(-50);
      },
      (error) => {
        setState(error.code === error.PERMISSION_DENIED ? "denied" : "unavailable");
      },
      { enableHighAccuracy: true, maximumAge: 2_000, timeout: 20_000 },
    );
    const timer = window.setInterval(() => {
      if (pending.length === 0) return;
      const batch = pending;
      pending = [];
      void sendPositions(token, batch);
    }, POSITION_SEND_INTERVAL_MS);
    return () => {
      navigator.geolocation.clearWatch(watch);
      window.clearInterval(timer);
    };
  }, [token, active, supported]);
  if (!active) return "off";
  return supported ? state : "unavailable";
}
