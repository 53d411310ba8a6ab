// The mocked Telegram client of the testers' harness (served by the server in demo and development
// only, never part of the storefront build). Like Telegram Web, it shows the mini app in a frame and
// speaks the Mini Apps postMessage protocol with it: {eventType, eventData} as JSON strings.
// It draws what Telegram draws around a mini app: the header with Close/Back, the MainButton, the
// phone-sharing popup, and it makes haptics and closing confirmation visible.
// Configuration comes in the hash: app (URL with launch parameters), contact (signed payload to
// share), title, theme, platform.
export {};

interface MainButtonState {
  visible: boolean;
  active: boolean;
  text: string;
  color: string | null;
  textColor: string | null;
  progress: boolean;
}

const config = new URLSearchParams(window.location.hash.slice(1));
const appUrl = config.get("app") ?? "/";
const contact = config.get("contact") ?? "";
const platform = config.get("platform") ?? "ios";
const body = document.body;

function el(id: string): HTMLElement {
  const found = document.getElementById(id);
  if (!found) throw new Error(`#${id} missing`);
  return found;
}

const frame = el("tg-app") as HTMLIFrameElement;
const left = el("tg-left") as HTMLButtonElement;
const title = el("tg-title") as HTMLDivElement;
const bottom = el("tg-bottom") as HTMLDivElement;
const main = el("tg-main") as HTMLButtonElement;
const mainText = el("tg-main-text");
const popup = el("tg-contact") as HTMLDivElement;
const toast = el("tg-toast") as HTMLDivElement;
const closed = el("tg-closed") as HTMLDivElement;
const log = el("tg-log") as HTMLOListElement;

const appOrigin = new URL(appUrl, window.location.href).origin;
let themeParams: Record<string, string> = {};
try {
  const lp = new URLSearchParams(new URL(appUrl, window.location.href).hash.slice(1));
  themeParams = JSON.parse(lp.get("tgWebAppThemeParams") ?? "{}") as Record<string, string>;
} catch {
  themeParams = {};
}

let backVisible = false;
let closingConfirmation = false;
let contactShared = false;
let locationAsked = false;
let locationGranted = false;
let hapticCount = 0;
const mainState: MainButtonState = {
  visible: false,
  active: true,
  text: "",
  color: null,
  textColor: null,
  progress: false,
};

// Safe areas as a phone reports them in the normal (not fullscreen) mode: the home indicator on iOS.
const SAFE_AREAS: Record<string, { top: number; bottom: number; left: number; right: number }> = {
  ios: { top: 0, bottom: 34, left: 0, right: 0 },
};
const NO_INSETS = { top: 0, bottom: 0, left: 0, right: 0 };

function record(direction: "in" | "out", type: string, data?: unknown): void {
  const item = document.createElement("li");
  item.textContent = `${direction === "in" ? "←" : "→"} ${type}${data === undefined ? "" : ` ${JSON.stringify(data)}`}`;
  log.append(item);
  while (log.children.length > 200) log.firstElementChild?.remove();
}

function send(eventType: string, eventData?: unknown): void {
  record("out", eventType, eventData);
  frame.contentWindow?.postMessage(JSON.stringify({ eventType, eventData }), appOrigin);
}

function viewport(): void {
  send("viewport_changed", {
    height: frame.clientHeight,
    width: frame.clientWidth,
    is_expanded: true,
    is_state_stable: true,
  });
}

function renderHeader(): void {
  left.textContent = backVisible ? "‹ Back" : "✕ Close";
  left.setAttribute("aria-label", backVisible ? "Back" : "Close");
  body.dataset.backVisible = String(backVisible);
}

function renderMain(): void {
  bottom.hidden = !mainState.visible;
  body.dataset.mainVisible = String(mainState.visible);
  mainText.textContent = mainState.text;
  main.disabled = !mainState.active;
  main.dataset.progress = String(mainState.progress);
  main.style.background = mainState.color ?? themeParams.button_color ?? "#2481cc";
  main.style.color = mainState.textColor ?? themeParams.button_text_color ?? "#ffffff";
  // The frame shrinks by the bar, as in Telegram; the app hears about it.
  requestAnimationFrame(viewport);
}

function showToast(text: string): void {
  toast.textContent = text;
  toast.hidden = false;
  toast.animate([{ opacity: 1 }, { opacity: 1, offset: 0.7 }, { opacity: 0 }], { duration: 900 }).onfinish =
    () => {
      toast.hidden = true;
    };
}

function closeApp(): void {
  frame.remove();
  bottom.hidden = true;
  closed.hidden = false;
  body.dataset.closed = "true";
}

function colorOf(value: unknown): string | null {
  if (typeof value !== "string") return null;
  if (value.startsWith("#")) return value;
  return themeParams[value] ?? null;
}

type Payload = Record<string, unknown>;

function handle(eventType: string, data: Payload): void {
  switch (eventType) {
    case "iframe_ready":
    case "iframe_will_reload":
      break;
    case "web_app_ready":
      body.dataset.ready = "true";
      break;
    case "web_app_expand":
      body.dataset.expanded = "true";
      break;
    case "web_app_request_theme":
      send("theme_changed", { theme_params: themeParams });
      break;
    case "web_app_request_viewport":
      viewport();
      break;
    case "web_app_request_safe_area":
      send("safe_area_changed", SAFE_AREAS[platform] ?? NO_INSETS);
      break;
    case "web_app_request_content_safe_area":
      send("content_safe_area_changed", NO_INSETS);
      break;
    case "web_app_setup_back_button":
      backVisible = data.is_visible === true;
      renderHeader();
      break;
    case "web_app_setup_main_button":
      // Counted so a test can tell a button updated in place from one hidden and shown again.
      if (mainState.visible && data.is_visible !== true) {
        body.dataset.mainHides = String(Number(body.dataset.mainHides ?? "0") + 1);
      }
      mainState.visible = data.is_visible === true;
      mainState.active = data.is_active !== false;
      mainState.text = typeof data.text === "string" ? data.text : mainState.text;
      mainState.color = typeof data.color === "string" ? data.color : null;
      mainState.textColor = typeof data.text_color === "string" ? data.text_color : null;
      mainState.progress = data.is_progress_visible === true;
      renderMain();
      break;
    case "web_app_setup_closing_behavior":
      closingConfirmation = data.need_confirmation === true;
      body.dataset.closingConfirmation = closingConfirmation ? "on" : "off";
      break;
    case "web_app_setup_swipe_behavior":
      body.dataset.verticalSwipes = data.allow_vertical_swipe === false ? "off" : "on";
      break;
    case "web_app_trigger_haptic_feedback": {
      hapticCount += 1;
      const style = (data.impact_style ?? data.notification_type ?? data.type) as string | undefined;
      body.dataset.haptics = String(hapticCount);
      body.dataset.lastHaptic = `${String(data.type)}:${String(style)}`;
      showToast(`〰 haptic ${String(style)}`);
      break;
    }
    case "web_app_set_header_color": {
      const color = colorOf(data.color ?? data.color_key);
      if (color) el("tg-header").style.background = color;
      break;
    }
    case "web_app_set_bottom_bar_color": {
      const color = colorOf(data.color);
      if (color) bottom.style.background = color;
      break;
    }
    case "web_app_set_background_color":
      break;
    case "web_app_request_phone":
      body.dataset.contactRequested = "true";
      popup.hidden = false;
      break;
    case "web_app_invoke_custom_method": {
      const reqId = data.req_id;
      if (data.method === "getRequestedContact" && contactShared) {
        send("custom_method_invoked", { req_id: reqId, result: contact });
      } else {
        send("custom_method_invoked", { req_id: reqId, error: "NOT_AVAILABLE" });
      }
      break;
    }
    case "web_app_close":
      closeApp();
      break;
    case "web_app_check_location":
      // Telegram's LocationManager: the phone's location service, which this page's geolocation
      // stands for (a test grants it, or not, on the browser context).
      send("location_checked", {
        available: "geolocation" in navigator,
        access_requested: locationAsked,
        access_granted: locationAsked && locationGranted,
      });
      break;
    case "web_app_request_location":
      locationAsked = true;
      if (!("geolocation" in navigator)) {
        send("location_requested", { available: false });
        break;
      }
      navigator.geolocation.getCurrentPosition(
        (p) => {
          locationGranted = true;
          body.dataset.locationRequests = String(Number(body.dataset.locationRequests ?? "0") + 1);
          send("location_requested", {
            available: true,
            latitude: p.coords.latitude,
            longitude: p.coords.longitude,
            altitude: p.coords.altitude,
            course: p.coords.heading,
            speed: p.coords.speed,
            horizontal_accuracy: p.coords.accuracy,
            vertical_accuracy: p.coords.altitudeAccuracy,
          });
        },
        () => {
          locationGranted = false;
          send("location_requested", { available: false });
        },
        { maximumAge: 0, timeout: 10_000 },
      );
      break;
    case "web_app_open_link":
      // Telegram opens outside links in the browser, beside the mini app.
      if (typeof data.url === "string" && /^https?:\/\//.test(data.url)) window.open(data.url, "_blank");
      break;
    default:
      break;
  }
}

window.addEventListener("message", (event: MessageEvent) => {
  if (event.source !== frame.contentWindow || typeof event.data !== "string") return;
  let message: { eventType?: unknown; eventData?: unknown };
  try {
    message = JSON.parse(event.data) as { eventType?: unknown; eventData?: unknown };
  } catch {
    return;
  }
  if (typeof message.eventType !== "string") return;
  const data = (
    typeof message.eventData === "object" && message.eventData !== null ? message.eventData : {}
  ) as Payload;
  record("in", message.eventType, message.eventData);
  handle(message.eventType, data);
});

left.addEventListener("click", () => {
  if (backVisible) {
    send("back_button_pressed");
    return;
  }
  if (closingConfirmation && !window.confirm("Changes that you made may not be saved. Close anyway?")) return;
  closeApp();
});

main.addEventListener("click", () => {
  if (mainState.active && !mainState.progress) send("main_button_pressed");
});

function answerContact(share: boolean): void {
  popup.hidden = true;
  contactShared = share;
  body.dataset.contactShared = String(share);
  send("phone_requested", { status: share ? "sent" : "cancelled" });
}
(el("tg-contact-share") as HTMLButtonElement).addEventListener("click", () => {
  answerContact(true);
});
(el("tg-contact-cancel") as HTMLButtonElement).addEventListener("click", () => {
  answerContact(false);
});
(el("tg-menu") as HTMLButtonElement).addEventListener("click", () => {
  log.hidden = !log.hidden;
});
window.addEventListener("resize", viewport);

title.textContent = config.get("title") ?? "Mini App";
body.dataset.theme = config.get("theme") ?? "light";
body.dataset.platform = platform;
el("tg-header").style.background = themeParams.header_bg_color ?? themeParams.bg_color ?? "";
el("tg-header").style.color = themeParams.text_color ?? "";
body.style.background = themeParams.secondary_bg_color ?? themeParams.bg_color ?? "";
bottom.style.background = themeParams.bottom_bar_bg_color ?? themeParams.bg_color ?? "";
el("tg-contact-card").style.background = themeParams.bg_color ?? "#fff";
el("tg-contact-card").style.color = themeParams.text_color ?? "#000";
renderHeader();
renderMain();
// Only this host's own storefront opens in the frame: a link's `app` may not load another origin,
// which would receive the signed contact and launch data meant for the brand's page.
if (appOrigin === window.location.origin) {
  frame.src = appUrl;
} else {
  body.dataset.refused = "app";
  closed.textContent = "Refused: the app must be on this host";
  closed.hidden = false;
}
