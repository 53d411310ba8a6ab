import { I18nProvider } from "@lingui/react";
import { AppRoot } from "@telegram-apps/telegram-ui";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useEffect } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18n } from "../../lib/i18n.ts";
import { LazyMap, MAP_WAIT_TIMEOUT_MS } from "./lazy-map.tsx";
import type { MapViewProps } from "./types.ts";

// MapLibre needs WebGL, which happy-dom has not: the map module is replaced by one whose loading
// the test controls (it never loads, or it loads when told).
const control = vi.hoisted(() => ({
  loadOnMount: false,
  mounts: 0,
  load: undefined as (() => void) | undefined,
}));
vi.mock("./map-view.tsx", () => ({
  default: function FakeMapView({ label, onReady }: MapViewProps) {
    useEffect(() => {
      control.mounts += 1;
      control.load = onReady;
      if (control.loadOnMount) onReady?.();
    }, [onReady]);
    return <div role="region" aria-label={label} />;
  },
}));

function renderMap() {
  return render(
    <I18nProvider i18n={i18n}>
      <AppRoot>
        <LazyMap
          styleUrl="/style.json"
          initialCenter={{ latitude: 41.3, longitude: 69.2 }}
          initialZoom={14}
          label="Map"
        />
      </AppRoot>
    </I18nProvider>,
  );
}

/** Lets the lazy chunk resolve and React settle under fake timers. */
async function settle(): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

beforeAll(async () => {
  // The (fake) map module is in the module cache before the clocks are faked.
  await import("./map-view.tsx");
});

afterEach(() => {
  control.loadOnMount = false;
  control.mounts = 0;
  control.load = undefined;
});

describe("the map wait time-out", () => {
  it("tells the customer after 5 seconds without a map, and a retry loads it again", async () => {
    vi.useFakeTimers();
    renderMap();
    await settle();
    expect(screen.getByRole("region", { name: "Map" })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(MAP_WAIT_TIMEOUT_MS - 1);
    });
    expect(screen.queryByRole("alert")).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByRole("alert").textContent).toContain("The map did not load");

    control.loadOnMount = true;
    const before = control.mounts;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await settle();
    expect(control.mounts).toBeGreaterThan(before);
    expect(screen.queryByRole("alert")).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(MAP_WAIT_TIMEOUT_MS * 2);
    });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says nothing when the map loads in time", async () => {
    vi.useFakeTimers();
    control.loadOnMount = true;
    renderMap();
    await settle();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(MAP_WAIT_TIMEOUT_MS * 2);
    });
    expect(screen.getByRole("region", { name: "Map" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says nothing when the map loads in the same moment the wait runs out", async () => {
    vi.useFakeTimers();
    renderMap();
    await settle();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(MAP_WAIT_TIMEOUT_MS - 1);
    });
    // The map's load event and the timer both land before React renders (a busy phone).
    act(() => {
      control.load?.();
      vi.advanceTimersByTime(1);
    });
    await settle();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
