import { createHash } from "node:crypto";
import fs from "node:fs";
import { pathToFileURL } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import { CLICK_SESSION_KEY } from "#domain/brand-host.ts";
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
 * Decides, in the head and before anything paints, whether this open gets a first screen and which
 * one (`data-first-screen-for`): "web" on the web at phone width, "desktop" in a window of 1180 px
 * or more, "telegram-light" or "telegram-dark" in Telegram (its theme from the launch parameters),
 * "click" in Click's web view (not in a dark system theme Click named no theme for: the app
 * follows the system there); none for a visitor this browser holds a session for (their own
 * address, basket or sign-in), a mini app wider than a phone, a Telegram reload whose launch
 * parameters are only in storage, or a Telegram user whose own language the brand has while the
 * screen is in another (the app would switch it; a lang cookie, the customer's choice, wins over
 * both). Without one the loading screen shows and the app starts at once. With one the loading
 * screen is hidden (index.html) so the page's first paint is the menu itself: a spinner painted for
 * the moment the stylesheets take would only flash.
 */
export const FIRST_SCREEN_DECISION = `(function(){try{var c=document.currentScript.dataset,h=document.documentElement,w=innerWidth,k="",p=new URLSearchParams(location.hash.slice(1)),cookie=document.cookie;if(!p.has("tgWebAppData"))p=new URLSearchParams(location.search);if(localStorage.getItem(c.session))return;if(p.has("tgWebAppData")){if(w>=600)return;var u=JSON.parse(new URLSearchParams(p.get("tgWebAppData")).get("user")||"{}"),l=String(u.language_code||"").toLowerCase().split(/[-_]/)[0];l=l==="eng"?"en":l==="kk"?"kz":l;if(l&&l!==c.locale&&!/(^|;\\s*)lang=/.test(cookie)&&c.locales.split(" ").indexOf(l)>=0)return;var b=String(JSON.parse(p.get("tgWebAppThemeParams")||"{}").bg_color||""),d=false;if(/^#[0-9a-f]{6}$/i.test(b)){var r=parseInt(b.slice(1,3),16),g=parseInt(b.slice(3,5),16),e=parseInt(b.slice(5,7),16);d=Math.sqrt(.299*r*r+.587*g*g+.114*e*e)<120}k="telegram-"+(d?"dark":"light")}else if(/tgWebApp/.test(location.hash)||sessionStorage.getItem("tapps/launchParams"))return;else if(/[?&]web_session=/.test(location.search)||/(^|;\\s*)click-web-session=/.test(cookie)||sessionStorage.getItem("${CLICK_SESSION_KEY}")){if(w<600&&(/(^|;\\s*)click-theme=/.test(cookie)||!matchMedia("(prefers-color-scheme: dark)").matches))k="click"}else k=w<600?"web":w>=1180?"desktop":"";if(k){h.dataset.firstScreen="pending";h.dataset.firstScreenFor=k}}catch(e){}})();`;

/**
 * Puts the first screen the head's decision named in place before the page's first paint, from the
 * end of the shell's body, so it runs once the stylesheets above it have loaded (the screen never
 * shows unstyled), then starts the app. Of the screens drawn for that host, the first whose menu
 * list, laid out, is as wide as it was drawn for (as many cards per line) is kept. When the
 * decision said no, or no screen fits, it only starts the app (the loading screen shows again). The screen cannot be used
 * (inert) and is hidden from assistive technology until the app, in its first commit, replaces it.
 * Anything failing here shows the loading screen again and starts the app.
 *
 * The app's code is asked for once the screen and the images in view have been painted (the start
 * of the frame after the one that drew them: the first frame's own callback ran before that frame
 * was shown), or after 1.5 s: asked for beside them, it took their bandwidth, and run before, its
 * evaluation held that paint back by its own length.
 */
export const FIRST_SCREEN_SCRIPT = `(function(){var d=document.currentScript.dataset,h=document.documentElement,f=h.dataset.firstScreenFor,started=false;function start(){if(started)return;started=true;d.modules.split(" ").forEach(function(m){if(!m)return;var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=m;document.head.append(l)});var e=document.createElement("script");e.type="module";e.crossOrigin="";e.src=d.entry;document.head.append(e)}try{var r=document.getElementById("root"),s=null,o=r?[].slice.call(r.childNodes):[];if(r&&h.dataset.firstScreen==="pending")[].some.call(document.querySelectorAll("template[data-for]"),function(t){if(t.dataset.for.split(" ").indexOf(f)<0)return false;var a=t.dataset,v=JSON.parse(a.variables),w=a.fits.split(" ");h.lang=a.lang;h.dir=a.dir;h.dataset.appearance=a.appearance;h.style.colorScheme=a.appearance;for(var k in v)h.style.setProperty(k,v[k]);var m=document.querySelector("meta[name=theme-color]");if(m&&v["--savat-brand"])m.content=v["--savat-brand"];s=document.createElement("div");s.className="first-screen";s.inert=true;s.setAttribute("aria-hidden","true");s.append(t.content.cloneNode(true));r.replaceChildren(s);var l=s.querySelector(".menu-list"),x=l?l.clientWidth:-1;if(x>=+w[0]&&x<+w[1])return true;r.replaceChildren.apply(r,o);s=null;return false});if(!s){delete h.dataset.firstScreen;return start()}h.dataset.firstScreen="server";setTimeout(start,1500);Promise.all([].filter.call(s.querySelectorAll("img"),function(i){var b=i.getBoundingClientRect();return b.top<innerHeight&&b.bottom>0&&b.left<innerWidth&&b.right>0}).map(function(i){return i.decode().catch(function(){})})).then(function(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(start,0)})})})}catch(e){delete h.dataset.firstScreen;start()}})();`;

const hash = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;

/** The scripts' hashes for the Content-Security-Policy (no inline script runs without one). */
export const FIRST_SCREEN_SCRIPT_HASHES = [hash(FIRST_SCREEN_DECISION), hash(FIRST_SCREEN_SCRIPT)];

const attribute = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/** One first screen and the hosts it is drawn for (several when they draw the same screen). */
export interface FirstScreenTemplate {
  for: string[];
  screen: FirstScreen;
}

/**
 * The first screens of one shell, the same screen drawn for several hosts kept once (and one host's
 * screens drawn at two list widths once, where their cards per line do not differ).
 */
export function firstScreenTemplates(
  drawn: readonly { for: string; screen: FirstScreen | null }[],
): FirstScreenTemplate[] {
  const templates: FirstScreenTemplate[] = [];
  const same = (a: FirstScreen, b: FirstScreen) =>
    JSON.stringify({ ...a, fits: null }) === JSON.stringify({ ...b, fits: null });
  for (const { for: host, screen } of drawn) {
    if (!screen) continue;
    const kept = templates.find((t) => same(t.screen, screen));
    if (kept && kept.screen.fits.join() === screen.fits.join()) kept.for.push(host);
    else if (kept?.for.length === 1 && kept.for[0] === host && kept.screen.fits[1] === screen.fits[0])
      kept.screen = { ...kept.screen, fits: [kept.screen.fits[0], screen.fits[1]] };
    else templates.push({ for: [host], screen });
  }
  return templates;
}

/**
 * The shell with its first screens: the decision goes to the end of the head (with what it needs
 * to know: where a returning visitor's session is, the screens' catalog and the brand's others),
 * the entry's script is taken out (the first screen's script starts it) and the templates and that
 * script go to the end of the body. The shell as it is when it has no entry to start.
 */
export function withFirstScreen(
  page: string,
  templates: readonly FirstScreenTemplate[],
  modules: readonly string[],
  locales: { screen: string; brand: readonly string[] },
): string {
  const entry = ENTRY.exec(page)?.[1];
  const first = templates[0]?.screen;
  if (!first || !entry || !page.includes("</body>") || !page.includes("</head>")) return page;
  const drawn = templates
    .map(
      ({ for: hosts, screen }) =>
        `<template data-for="${attribute(hosts.join(" "))}" data-lang="${attribute(screen.lang)}" data-dir="${screen.dir}" ` +
        `data-appearance="${screen.appearance}" data-fits="${screen.fits.join(" ")}" ` +
        `data-variables="${attribute(JSON.stringify(screen.variables))}">${screen.html}</template>`,
    )
    .join("");
  const decision =
    `<script data-session="${attribute(first.sessionKey)}" data-locale="${attribute(locales.screen)}" ` +
    `data-locales="${attribute(locales.brand.join(" "))}">${FIRST_SCREEN_DECISION}</script>`;
  const script = `<script data-entry="${attribute(entry)}" data-modules="${attribute(modules.join(" "))}">${FIRST_SCREEN_SCRIPT}</script>`;
  return page
    .replace(ENTRY, "")
    .replace("</head>", () => `${decision}</head>`)
    .replace("</body>", () => `${drawn}${script}</body>`);
}
