import { createHash } from "node:crypto";
import fs from "node:fs";
import { pathToFileURL } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import type { FirstScreen, FirstScreenInput, FirstScreenRenderer } from "#domain/contract/first-screen.ts";

export type { FirstScreen };

/**
 * The shell's first screen (src/ssr/first-screen.tsx, built into dist-ssr): the menu as the app
 * draws it for a guest at phone width, so a phone on a slow network paints the brand's menu once
 * the page and its stylesheets have arrived instead of after the app's code has downloaded and run.
 *
 * Renders run one at a time (the app's language and page address are module state there) and
 * are kept per brand, language, address and boot data: a changed menu, banner or setting makes a
 * new key, so the first screen never outlives what the shell's boot data says.
 */
export interface FirstScreens {
  render(input: FirstScreenInput): Promise<FirstScreen | null>;
}

const KEPT = 64;

export function firstScreens(bundle: string | null, log: FastifyBaseLogger): FirstScreens {
  // The renderer of the current build: looked up on each shell like the client's files, so a
  // rebuilt client is rendered by its own renderer (its modules loaded anew under its file's time).
  let loaded: { built: number; renderer: Promise<FirstScreenRenderer | null> } | null = null;
  const builtAt = () => {
    try {
      return bundle ? fs.statSync(bundle).mtimeMs : 0;
    } catch {
      return 0;
    }
  };
  const load = (built: number) => {
    if (loaded?.built !== built)
      loaded = {
        built,
        renderer:
          bundle && built > 0
            ? (
                import(`${pathToFileURL(bundle).href}?built=${String(built)}`) as Promise<FirstScreenRenderer>
              ).catch((error: unknown) => {
                log.warn({ err: error }, "the first-screen renderer did not load; shells go without it");
                return null;
              })
            : Promise.resolve(null),
      };
    return loaded.renderer;
  };
  const kept = new Map<string, Promise<FirstScreen | null>>();
  let queue: Promise<unknown> = Promise.resolve();

  return {
    render(input) {
      const built = builtAt();
      if (built === 0) return Promise.resolve(null);
      const key = createHash("sha256")
        .update(`${String(built)}\n${JSON.stringify(input)}`)
        .digest("base64url");
      const known = kept.get(key);
      if (known) {
        // Most recently used last: the oldest key is the one dropped.
        kept.delete(key);
        kept.set(key, known);
        return known;
      }
      const rendered = queue.then(async () => {
        const ssr = await load(built);
        if (!ssr) return null;
        try {
          return await ssr.renderFirstScreen(input);
        } catch (error) {
          // Kept as "none" for this key: a screen that fails is not rendered again on every open.
          log.warn(
            { err: error, brand: input.sub },
            "the first screen did not render; the shell goes without it",
          );
          return null;
        }
      });
      queue = rendered;
      kept.set(key, rendered);
      if (kept.size > KEPT) kept.delete(kept.keys().next().value as string);
      return rendered;
    },
  };
}

/**
 * Decides, in the head and before anything paints, whether this open gets the first screen: only on
 * the web at phone width, for a visitor this browser holds nothing for. A mini app (Telegram,
 * Click), a wider layout or a returning customer (their own address, basket or sign-in) keeps the
 * loading screen and the app starts at once. For the others the loading screen is hidden (index.html)
 * so the page's first paint is the menu itself: a spinner painted for the moment the stylesheets
 * take would only flash, and the work of putting the menu in place would then count as blocking a
 * page already shown.
 */
export const FIRST_SCREEN_DECISION = `(function(){try{var s=document.currentScript.dataset.session;if(innerWidth<600&&!/tgWebApp|web_session=/.test(location.search+location.hash)&&!sessionStorage.getItem("tapps/launchParams")&&!localStorage.getItem(s))document.documentElement.dataset.firstScreen="pending"}catch(e){}})();`;

/**
 * Puts the first screen in place before the page's first paint, from the end of the shell's body,
 * so it runs once the stylesheets above it have loaded (the screen never shows unstyled), then
 * starts the app; when the head's decision said no, it only starts the app. The screen cannot be
 * used (inert) and is hidden from assistive technology until the app, in its first commit,
 * replaces it. Anything failing here shows the loading screen again and starts the app.
 *
 * The app's code is asked for once the screen and the images in view have been painted (the start
 * of the frame after the one that drew them: the first frame's own callback ran before that frame
 * was shown), or after 1.5 s: asked for beside them, it took their bandwidth, and run before, its
 * evaluation held that paint back by its own length.
 */
export const FIRST_SCREEN_SCRIPT = `(function(){var t=document.getElementById("savat-first-screen"),h=document.documentElement;if(!t){delete h.dataset.firstScreen;return}var d=t.dataset,started=false;function start(){if(started)return;started=true;d.modules.split(" ").forEach(function(m){if(!m)return;var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=m;document.head.append(l)});var e=document.createElement("script");e.type="module";e.crossOrigin="";e.src=d.entry;document.head.append(e)}try{var r=document.getElementById("root");if(!r||h.dataset.firstScreen!=="pending")return start();var v=JSON.parse(d.variables);h.lang=d.lang;h.dir=d.dir;h.dataset.appearance=d.appearance;h.style.colorScheme=d.appearance;for(var k in v)h.style.setProperty(k,v[k]);var m=document.querySelector("meta[name=theme-color]");if(m&&v["--savat-brand"])m.content=v["--savat-brand"];var s=document.createElement("div");s.className="first-screen";s.inert=true;s.setAttribute("aria-hidden","true");s.append(t.content);r.replaceChildren(s);h.dataset.firstScreen="server";setTimeout(start,1500);Promise.all([].filter.call(s.querySelectorAll("img"),function(i){var b=i.getBoundingClientRect();return b.top<innerHeight&&b.bottom>0&&b.left<innerWidth&&b.right>0}).map(function(i){return i.decode().catch(function(){})})).then(function(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(start,0)})})})}catch(e){delete h.dataset.firstScreen;start()}})();`;

const hash = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;

/** The scripts' hashes for the Content-Security-Policy (no inline script runs without one). */
export const FIRST_SCREEN_SCRIPT_HASHES = [hash(FIRST_SCREEN_DECISION), hash(FIRST_SCREEN_SCRIPT)];

const attribute = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * The shell with its first screen: the decision goes to the end of the head, the entry's script
 * is taken out (the first screen's script starts it) and the template and that script go to the
 * end of the body. The shell as it is when it has no entry to start.
 */
export function withFirstScreen(page: string, screen: FirstScreen, modules: readonly string[]): string {
  const entry = ENTRY.exec(page)?.[1];
  if (!entry || !page.includes("</body>") || !page.includes("</head>")) return page;
  const template =
    `<template id="savat-first-screen" data-entry="${attribute(entry)}" data-modules="${attribute(modules.join(" "))}" ` +
    `data-lang="${attribute(screen.lang)}" data-dir="${screen.dir}" data-appearance="${screen.appearance}" ` +
    `data-variables="${attribute(JSON.stringify(screen.variables))}">${screen.html}</template>`;
  return page
    .replace(ENTRY, "")
    .replace(
      "</head>",
      () => `<script data-session="${attribute(screen.sessionKey)}">${FIRST_SCREEN_DECISION}</script></head>`,
    )
    .replace("</body>", () => `${template}<script>${FIRST_SCREEN_SCRIPT}</script></body>`);
}
