import { metricaIds, plannedScripts, type AnalyticsSettings } from "../../domain/analytics.ts";

export { plannedScripts };

// The brand's own analytics and CRM scripts, injected only when its settings switch them on:
// Meta pixel, Yandex Metrica, Google Tag Manager and the amoCRM chat button. The official
// snippets' queue stubs are created here instead of as inline scripts, so the page needs no
// 'unsafe-inline'. Ids are checked before they go into a URL.

type Queue = ((...args: unknown[]) => void) & {
  q?: unknown[][];
  queue?: unknown[][];
  a?: unknown[][];
  l?: number;
};

interface AnalyticsWindow {
  fbq?: Queue;
  _fbq?: Queue;
  ym?: Queue;
  dataLayer?: unknown[];
  amo_social_button?: Record<string, unknown>;
  amoSocialButton?: Queue;
}

function addScript(id: string, src: string): void {
  if (document.getElementById(id)) return;
  const script = document.createElement("script");
  script.id = id;
  script.async = true;
  script.src = src;
  document.head.append(script);
}

function queue(onCall?: (q: Queue, args: unknown[]) => void): Queue {
  const q: Queue = (...args: unknown[]) => {
    if (onCall) onCall(q, args);
    else (q.q ??= []).push(args);
  };
  return q;
}

function metaPixel(w: AnalyticsWindow, id: string): void {
  if (!w.fbq) {
    const fbq = queue((q, args) => (q.queue ??= []).push(args));
    Object.assign(fbq, { push: fbq, loaded: true, version: "2.0", queue: [] });
    w.fbq = fbq;
    w._fbq ??= fbq;
  }
  w.fbq("init", id);
  w.fbq("track", "PageView");
  addScript("savat-meta-pixel", "https://connect.facebook.net/en_US/fbevents.js");
}

function yandexMetrica(w: AnalyticsWindow, ids: string[]): void {
  if (!w.ym) {
    const ym = queue((q, args) => (q.a ??= []).push(args));
    ym.l = Date.now();
    w.ym = ym;
  }
  for (const id of ids) {
    w.ym(Number(id), "init", { clickmap: true, trackLinks: true, accurateTrackBounce: true, webvisor: true });
  }
  addScript("savat-yandex-metrica", "https://mc.yandex.ru/metrika/tag.js");
}

function tagManager(w: AnalyticsWindow, id: string): void {
  w.dataLayer ??= [];
  w.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
  addScript("savat-gtm", `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`);
}

function amoCrmButton(w: AnalyticsWindow, id: string, hash: string, language: string): void {
  w.amo_social_button = {
    id,
    hash,
    locale: language === "uz" ? "uz" : language === "en" ? "en" : "ru",
    setMeta(this: { params?: unknown[] }, p: unknown) {
      this.params = (this.params ?? []).concat([p]);
    },
  };
  w.amoSocialButton ??= queue();
  addScript("amo_social_button_script", "https://gso.amocrm.ru/js/button.js");
}

let injected = false;
let lastPath = "";

export function injectAnalytics(s: AnalyticsSettings, language: string): void {
  if (injected) return;
  injected = true;
  const w = window as unknown as AnalyticsWindow;
  const planned = plannedScripts(s);
  if (planned.includes("meta-pixel")) metaPixel(w, s.metaPixelId);
  if (planned.includes("yandex-metrica")) yandexMetrica(w, metricaIds(s));
  if (planned.includes("google-tag-manager")) tagManager(w, s.googleTagManagerId);
  if (planned.includes("amocrm")) amoCrmButton(w, s.amoCRMId, s.amoCRMHash, language);

  // Page views of client-side navigation (the first one is counted by the scripts themselves).
  lastPath = location.pathname;
  const onNavigate = () => {
    if (location.pathname === lastPath) return;
    lastPath = location.pathname;
    if (planned.includes("meta-pixel")) w.fbq?.("track", "PageView");
    if (planned.includes("yandex-metrica"))
      for (const id of metricaIds(s)) w.ym?.(Number(id), "hit", location.href);
    if (planned.includes("google-tag-manager"))
      w.dataLayer?.push({ event: "page_view", page_path: location.pathname });
  };
  for (const type of ["popstate", "pushState", "replaceState"]) window.addEventListener(type, onNavigate);
}
