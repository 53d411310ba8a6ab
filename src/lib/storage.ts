import { deleteAllCookies } from "./cookies.ts";

// Web storage can throw (Safari private mode, storage disabled in a web view); reads then act as
// empty and writes are dropped, so the storefront still works for one page view.

export function readLocal(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Returns false when the value could not be stored. */
export function writeLocal(key: string, value: string): boolean {
  try {
    localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeLocal(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // storage unavailable: nothing to remove
  }
}

export function readSession(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // storage unavailable: the value lives for this page only
  }
}

export function removeSession(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // storage unavailable: nothing to remove
  }
}

/** Every key of a storage area, or none when it is unavailable. */
export function storageKeys(area: "local" | "session"): string[] {
  try {
    const storage = area === "local" ? localStorage : sessionStorage;
    return Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
      (k): k is string => k !== null,
    );
  } catch {
    return [];
  }
}

/** Wipes local storage, session storage and every cookie (spec: merchant resolution failure). */
export function wipeClientStorage(): void {
  try {
    localStorage.clear();
  } catch {
    // unavailable
  }
  try {
    sessionStorage.clear();
  } catch {
    // unavailable
  }
  deleteAllCookies();
}
