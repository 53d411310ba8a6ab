// The first-screen renderer's entry (vite.config.ts, SSR_MODE; the server loads it from
// dist-ssr/first-screen.js). A facade: the renderer itself (first-screen.tsx) and everything it
// imports statically is a chunk of its own, loaded on the first render, and what only other screens
// use (the map, the phone field, most catalogs) stays in lazy chunks the server never loads. No
// chunk imports this entry back, so the server can load a rebuilt renderer anew under the entry's
// file time (server/src/services/content/first-screen.ts).
import type { FirstScreen, FirstScreenInput } from "../domain/contract/first-screen.ts";

export async function renderFirstScreen(input: FirstScreenInput): Promise<FirstScreen> {
  const { renderFirstScreen: render } = await import("./first-screen.tsx");
  return render(input);
}
