import type { z } from "zod";
import type { ChannelPaymentTypes, ChannelServiceTypes } from "#domain/offer.ts";
import type { merchantSchema, webSettingsSchema } from "#domain/contract/merchant.ts";
import type { MerchantRow, PaymentMethodLook, WebSettingsRow } from "../../repositories/merchants.ts";

// The brand as the API answers it: used by the merchant routes and by the boot data inlined into
// the app shell, so both are the same bytes.

export function toMerchant(m: MerchantRow): z.output<typeof merchantSchema> {
  return {
    id: m.id,
    name: m.name,
    logo: m.logo,
    color: m.color,
    sub: m.sub,
    appId: m.appId,
    isActive: m.isActive,
    deleted: m.deleted,
    mainCityId: m.mainCityId,
    domainUrl: m.domainUrl,
    latitude: m.latitude,
    longitude: m.longitude,
    timezone: m.timezone,
    currency: m.currency,
    createdDate: m.createdDate.toISOString(),
    lastModifiedDate: m.lastModifiedDate.toISOString(),
  };
}

export function toWebSettings(
  s: WebSettingsRow,
  { byChannel: channelPaymentTypes, looks }: { byChannel: ChannelPaymentTypes; looks: PaymentMethodLook[] },
  channelServiceTypes: ChannelServiceTypes,
): z.output<typeof webSettingsSchema> {
  return {
    ...s,
    channelServiceTypes: {
      WEB: [...channelServiceTypes.WEB],
      BOT: [...channelServiceTypes.BOT],
      APP: [...channelServiceTypes.APP],
      QR: [...channelServiceTypes.QR],
      OPERATOR: [...channelServiceTypes.OPERATOR],
    },
    paymentMethodLooks: looks.map((look) => ({ ...look })),
    channelPaymentTypes: {
      WEB: [...channelPaymentTypes.WEB],
      BOT: [...channelPaymentTypes.BOT],
      APP: [...channelPaymentTypes.APP],
      QR: [...channelPaymentTypes.QR],
      OPERATOR: [...channelPaymentTypes.OPERATOR],
    },
    createdDate: s.createdDate.toISOString(),
    lastModifiedDate: s.lastModifiedDate.toISOString(),
  };
}
