/** Poll while the live stream is down (polling is the fallback of the live channel). */
export const POLL_MS = 5000;
