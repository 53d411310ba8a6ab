import { queryOptions, useSuspenseQuery } from "@tanstack/react-query";
import { BOOKING_DEFAULTS, BOOKING_LIMIT_DEFAULTS } from "../../domain/booking.ts";
import type { Merchant, WebSettings } from "../../domain/contract/merchant.ts";
import { api, type ApiResult } from "../../lib/api-client.ts";
import { queryKeys } from "../query-keys.ts";

/** GET /support/v1/merchant/settings/web: look, languages and feature switches of the brand. */
export function getWebSettings(signal?: AbortSignal): Promise<ApiResult<WebSettings>> {
  // A failure means defaults (spec section 8), never an error message.
  return api<WebSettings>("/support/v1/merchant/settings/web", { signal, silent: true });
}

/** The settings used when they cannot be loaded: every switch off, every text empty. */
export function defaultWebSettings(
  merchant: Pick<Merchant, "id" | "createdDate" | "lastModifiedDate">,
): WebSettings {
  return {
    merchantId: merchant.id,
    logo: "",
    brand: "",
    favicon: "",
    domain: "",
    mainColor: "",
    mainLanguage: "",
    title: "",
    leftCopyWrite: {},
    rightCopyWrite: {},
    isDark: false,
    mainColorType: "LIGHT",
    mapType: null,
    uzLangActive: false,
    ruLangActive: false,
    engLangActive: false,
    zhLangActive: false,
    arLangActive: false,
    kzLangActive: false,
    trLangActive: false,
    bannersActive: false,
    deliveryActive: false,
    pickupActive: false,
    dineInActive: false,
    branchesActive: false,
    storiesActive: false,
    vacanciesActive: false,
    privacyActive: false,
    aboutMerchantActive: false,
    notificationsActive: false,
    termsOfUseActive: false,
    balanceActive: false,
    cartInMainActive: false,
    bookingActive: false,
    bookingSlotMinutes: BOOKING_DEFAULTS.slotMinutes,
    bookingDurationMinutes: BOOKING_DEFAULTS.durationMinutes,
    bookingDaysAhead: BOOKING_DEFAULTS.daysAhead,
    bookingOpenPerBranch: BOOKING_LIMIT_DEFAULTS.perBranch,
    bookingOpenTotal: BOOKING_LIMIT_DEFAULTS.total,
    receiverActive: false,
    cartPageActive: false,
    chatActive: false,
    cashbackActive: false,
    promoActive: false,
    favouriteActive: false,
    cancelOrderActive: false,
    cashActive: false,
    terminalActive: false,
    paymeActive: false,
    clickActive: false,
    uzumActive: false,
    cardActive: false,
    channelPaymentTypes: { WEB: [], BOT: [], APP: [], QR: [], OPERATOR: [] },
    paymentMethodLooks: [],
    channelServiceTypes: {
      WEB: ["DELIVERY", "PICK_UP", "DINE_IN"],
      BOT: ["DELIVERY", "PICK_UP", "DINE_IN"],
      APP: ["DELIVERY", "PICK_UP", "DINE_IN"],
      QR: ["DELIVERY", "PICK_UP", "DINE_IN"],
      OPERATOR: ["DELIVERY", "PICK_UP", "DINE_IN"],
    },
    iosAppLink: "",
    iosAppActive: false,
    androidAppLink: "",
    androidAppActive: false,
    telegramBotLink: "",
    telegramBotActive: false,
    phone: "",
    phoneActive: false,
    telegram: "",
    telegramActive: false,
    instagram: "",
    instagramActive: false,
    facebook: "",
    facebookActive: false,
    contacts: [],
    smsContent: "",
    groupView: null,
    categoryView: null,
    amoCRMId: "",
    amoCRMActive: false,
    amoCRMHash: "",
    yandexMetricsEnabled: false,
    yandexMetricsId: "",
    yandexMetricsKeys: [],
    basketPosition: "NAVIGATION_BAR",
    isVisibleAtProfileTop: false,
    isNavigationViewEnabled: false,
    multiTabNavigationEnabled: false,
    shouldValidateDeliveryArea: false,
    isCategoryImageVisible: false,
    modificationViewType: "NAME_ONLY",
    metaPixelActive: false,
    metaPixelContent: "",
    metaPixelId: "",
    googleTagManagerActive: false,
    googleTagManagerId: "",
    createdDate: merchant.createdDate,
    lastModifiedDate: merchant.lastModifiedDate,
  };
}

/** The brand's settings, or the defaults when the call fails. */
export async function loadWebSettings(merchant: Merchant, signal?: AbortSignal): Promise<WebSettings> {
  const [error, settings] = await getWebSettings(signal);
  return error ? defaultWebSettings(merchant) : settings;
}

export function webSettingsQueryOptions(merchant: Merchant) {
  return queryOptions({
    queryKey: queryKeys.webSettings(merchant.id),
    queryFn: ({ signal }) => loadWebSettings(merchant, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useWebSettings(merchant: Merchant) {
  return useSuspenseQuery(webSettingsQueryOptions(merchant));
}
