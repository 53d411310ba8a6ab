// The testers' harness page (demo and development only): asks the server to sign initData for the
// chosen brand and Telegram user, or to open a fake Click session, then opens the storefront inside
// the mocked host. Served by server/src/routes/dev; never part of the storefront build.
export {};

interface BrandOption {
  sub: string;
  name: string;
  isActive: boolean;
  telegram: boolean;
}

interface TelegramPreset {
  label: string;
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  languageCode: string;
}

const PRESETS: TelegramPreset[] = [
  {
    label: "Aziz (uz)",
    id: "700000001",
    firstName: "Aziz",
    lastName: "Karimov",
    username: "aziz_k",
    languageCode: "uz",
  },
  {
    label: "Ольга (ru)",
    id: "700000002",
    firstName: "Ольга",
    lastName: "Петрова",
    username: "olga_p",
    languageCode: "ru",
  },
  {
    label: "John (en)",
    id: "700000003",
    firstName: "John",
    lastName: "Smith",
    username: "jsmith",
    languageCode: "en",
  },
  {
    label: "64-bit id (2^53 + 1)",
    id: "9007199254740993",
    firstName: "Big",
    lastName: "Id",
    username: "",
    languageCode: "en",
  },
];

function el(id: string): HTMLElement {
  const found = document.getElementById(id);
  if (!found) throw new Error(`#${id} missing`);
  return found;
}

function value(id: string): string {
  return (el(id) as HTMLInputElement | HTMLSelectElement).value.trim();
}

function checked(name: string): string {
  return document.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`)?.value ?? "";
}

const status = el("status") as HTMLParagraphElement;

function say(text: string, error = false): void {
  status.textContent = text;
  status.dataset.error = String(error);
}

async function post<T>(url: string, payload: unknown): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(payload),
  });
  const data = (await response.json()) as T & { description?: { eng?: string } };
  if (!response.ok) throw new Error(data.description?.eng ?? `HTTP ${response.status}`);
  return data;
}

async function loadBrands(): Promise<void> {
  const response = await fetch("/api/dev/harness-brands");
  const brands = (await response.json()) as BrandOption[];
  for (const id of ["tg-brand", "click-brand"]) {
    const select = el(id) as HTMLSelectElement;
    select.replaceChildren(
      ...brands.map((b) => {
        const option = document.createElement("option");
        option.value = b.sub;
        const notes = [
          b.isActive ? "" : "inactive",
          id === "tg-brand" && !b.telegram ? "no bot token" : "",
        ].filter(Boolean);
        option.textContent = `${b.name} (${b.sub})${notes.length ? ` — ${notes.join(", ")}` : ""}`;
        return option;
      }),
    );
  }
  const fromHost = window.location.hostname.split(".")[0] ?? "";
  const preferred = brands.find((b) => b.sub === fromHost) ?? brands.find((b) => b.isActive);
  if (preferred) {
    (el("tg-brand") as HTMLSelectElement).value = preferred.sub;
    (el("click-brand") as HTMLSelectElement).value = preferred.sub;
  }
}

function applyPreset(index: number): void {
  const preset = PRESETS[index];
  if (!preset) return;
  (el("tg-id") as HTMLInputElement).value = preset.id;
  (el("tg-first") as HTMLInputElement).value = preset.firstName;
  (el("tg-last") as HTMLInputElement).value = preset.lastName;
  (el("tg-username") as HTMLInputElement).value = preset.username;
  (el("tg-language") as HTMLSelectElement).value = preset.languageCode;
  const phone = el("tg-phone") as HTMLInputElement;
  phone.value = phoneOfId(preset.id);
  phone.dataset.forId = preset.id;
}

/** Each test identity's own phone, so a new id does not reuse (and get refused) another's number. */
function phoneOfId(id: string): string {
  return `+99890${id.slice(-7).padStart(7, "0")}`;
}

function setUp(): void {
  const presets = el("tg-preset") as HTMLSelectElement;
  presets.replaceChildren(
    ...PRESETS.map((p, i) => {
      const option = document.createElement("option");
      option.value = String(i);
      option.textContent = p.label;
      return option;
    }),
  );
  presets.addEventListener("change", () => {
    applyPreset(Number(presets.value));
  });
  applyPreset(0);
  // A changed id takes its own phone, unless the tester typed a phone of their choosing.
  const id = el("tg-id") as HTMLInputElement;
  const phone = el("tg-phone") as HTMLInputElement;
  id.addEventListener("input", () => {
    if (phone.value === phoneOfId(phone.dataset.forId ?? "")) phone.value = phoneOfId(id.value);
    phone.dataset.forId = id.value;
  });

  (el("tg-form") as HTMLFormElement).addEventListener("submit", (event) => {
    event.preventDefault();
    void openTelegram();
  });
  (el("click-form") as HTMLFormElement).addEventListener("submit", (event) => {
    event.preventDefault();
    void openClick();
  });
}

async function openTelegram(): Promise<void> {
  say("Signing initData…");
  const initDataMode = value("tg-initdata");
  try {
    const result = await post<{ hostUrl: string; initData: string }>("/api/dev/telegram/launch", {
      sub: value("tg-brand"),
      user: {
        id: value("tg-id"),
        firstName: value("tg-first"),
        ...(value("tg-last") ? { lastName: value("tg-last") } : {}),
        ...(value("tg-username") ? { username: value("tg-username") } : {}),
        ...(value("tg-language") ? { languageCode: value("tg-language") } : {}),
      },
      theme: checked("tg-theme"),
      platform: value("tg-platform"),
      phoneVerification: (el("tg-phone-required") as HTMLInputElement).checked ? "required" : "verified",
      phone: value("tg-phone"),
      initData: initDataMode === "expired" ? "signed" : initDataMode,
      ageSeconds: initDataMode === "expired" ? 25 * 3600 : 0,
    });
    say("Opening the storefront in the mocked Telegram…");
    window.location.assign(result.hostUrl);
  } catch (error) {
    say(`Could not open: ${(error as Error).message}`, true);
  }
}

async function openClick(): Promise<void> {
  say("Opening a Click session…");
  try {
    const result = await post<{ url: string }>("/api/dev/click/launch", {
      sub: value("click-brand"),
      profile: {
        userId: value("click-id"),
        phone: value("click-phone"),
        firstName: value("click-first"),
        lastName: value("click-last"),
      },
      variant: value("click-variant"),
      theme: checked("click-theme"),
      language: value("click-language"),
      via: value("click-via"),
    });
    window.location.assign(result.url);
  } catch (error) {
    say(`Could not open: ${(error as Error).message}`, true);
  }
}

setUp();
loadBrands().catch((error: unknown) => {
  say(`Could not load brands: ${(error as Error).message}`, true);
});
