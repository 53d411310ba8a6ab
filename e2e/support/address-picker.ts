// The address picker's map and street line, and a drag of the map as a finger would make it.
import type { Page } from "@playwright/test";

export const pickerMap = (page: Page) => page.getByRole("region", { name: /^Map: move it/ });
export const pickerStreet = (page: Page) => page.getByTestId("picker-street");

/** Drags the map by (dx, dy) pixels with the mouse, as a finger would. */
export async function dragMap(page: Page, dx: number, dy: number): Promise<void> {
  const box = await pickerMap(page).boundingBox();
  if (!box) throw new Error("no map box");
  // Centred on the map, so the pointer stays over it (a release outside the page never arrives).
  const x = box.x + box.width / 2 - dx / 2;
  const y = box.y + box.height / 2 - dy / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(x + (dx * i) / 10, y + (dy * i) / 10);
  await page.mouse.up();
}
