// "Open in maps": the phone's own maps app. Android opens a geo: URI in the app the courier chose;
// iPhones know no geo:, so Apple Maps' link; anything else gets OpenStreetMap in the browser.
export function mapsLink(
  point: { latitude: number; longitude: number; text: string },
  userAgent: string,
): string {
  const ll = `${String(point.latitude)},${String(point.longitude)}`;
  const label = encodeURIComponent(point.text);
  if (/android/i.test(userAgent)) return `geo:${ll}?q=${ll}(${label})`;
  if (/iphone|ipad|ipod/i.test(userAgent)) return `https://maps.apple.com/?ll=${ll}&q=${label}`;
  return `https://www.openstreetmap.org/?mlat=${String(point.latitude)}&mlon=${String(point.longitude)}#map=17/${String(point.latitude)}/${String(point.longitude)}`;
}
