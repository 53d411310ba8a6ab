// While the courier carries an order on its way, the phone's position goes to the server in batches
// every few seconds. Off a delivery nothing is watched, so the courier is not followed between
// orders. Inside Telegram (Mini Apps 8.0 and later) the position comes from Telegram's
// LocationManager, read every few seconds as it has no watch of its own; elsewhere, and in older
// Telegram clients, from the web view's navigator.geolocation.watchPosition.
import { useEffect, useState } from "react";
import type { CourierPositionInput } from "../../domain/contract/courier-app.ts";
import { POSITION_SAMPLE_MS, POSITION_SEND_INTERVAL_MS } from "../../domain/courier-app.ts";
import { getPlatform } from "../../platform/index.ts";
import type { DevicePosition } from "../../platform/types.ts";
import { sendPositions } from "./api.ts";

export type PositionState = "off" | "watching" | "denied" | "unavailable";

type Watch = (
  onPosition: (position: DevicePosition, at: number) => void,
  onRefused: (state: "denied" | "unavailable") => void,
) => () => void;

/** Telegram's LocationManager, asked every POSITION_SAMPLE_MS. */
function hostWatch(location: { current(): Promise<DevicePosition | null> }): Watch {
  return (onPosition, onRefused) => {
    let stopped = false;
    const sample = async () => {
      const position = await location.current();
      if (stopped) return;
      if (position) onPosition(position, Date.now());
      else onRefused("denied");
    };
    void sample();
    const timer = window.setInterval(() => void sample(), POSITION_SAMPLE_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  };
}

/** The browser's geolocation watch. */
const browserWatch: Watch = (onPosition, onRefused) => {
  const watch = navigator.geolocation.watchPosition(
    (p) => {
      const accuracy = Number.isFinite(p.coords.accuracy) ? p.coords.accuracy : null;
      onPosition({ latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy }, p.timestamp);
    },
    (error) => {
      onRefused(error.code === error.PERMISSION_DENIED ? "denied" : "unavailable");
    },
    { enableHighAccuracy: true, maximumAge: 2_000, timeout: 20_000 },
  );
  return () => {
    navigator.geolocation.clearWatch(watch);
  };
};

function watchOf(): Watch | null {
  const location = getPlatform().location;
  if (location) return hostWatch(location);
  return "geolocation" in navigator ? browserWatch : null;
}

export function usePositionReporting(token: string, active: boolean): PositionState {
  const [state, setState] = useState<PositionState>("watching");
  const [watch] = useState(watchOf);
  useEffect(() => {
    if (!active || !watch) return;
    let pending: CourierPositionInput[] = [];
    const stop = watch(
      (position, at) => {
        setState("watching");
        pending.push({
          lat: position.latitude,
          lon: position.longitude,
          accuracy: position.accuracy,
          at: new Date(at || Date.now()).toISOString(),
        });
        // A phone that stays put for hours sends a bounded batch.
        if (pending.length > 50) pending = pending.slice(-50);
      },
      (refused) => {
        setState(refused);
      },
    );
    const timer = window.setInterval(() => {
      if (pending.length === 0) return;
      const batch = pending;
      pending = [];
      void sendPositions(token, batch);
    }, POSITION_SEND_INTERVAL_MS);
    return () => {
      stop();
      window.clearInterval(timer);
    };
  }, [token, active, watch]);
  if (!active) return "off";
  return watch ? state : "unavailable";
}
