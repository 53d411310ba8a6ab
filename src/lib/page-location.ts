import type { HrefLocation } from "../domain/brand-host.ts";

// The page's own address: the browser's, or, where the first screen is rendered on the server
// (src/ssr), the request's (renders there run one at a time).
export type PageLocation = HrefLocation & { pathname: string };

let serverPage: PageLocation | null = null;

export function setServerPageLocation(location: PageLocation | null): void {
  serverPage = location;
}

export function pageLocation(): PageLocation {
  if (typeof window !== "undefined") return window.location;
  return serverPage ?? { hostname: "localhost", pathname: "/", search: "", protocol: "https:", port: "" };
}
