// The calls of the Yandex Delivery section (issue 39): each branch's token and pickup contact, and
// when the brand's claims are made, read and saved.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { YandexDeliverySettings, YandexDeliverySettingsBody } from "../../domain/contract/delivery.ts";
import { api, unwrap } from "../../lib/api-client.ts";

export const deliveryKeys = {
  yandex: ["staff", "back-office", "delivery", "yandex"] as const,
};

export function useYandexDeliverySettings() {
  return useQuery({
    queryKey: deliveryKeys.yandex,
    queryFn: async ({ signal }) =>
      unwrap(await api<YandexDeliverySettings>("/staff/v1/delivery/yandex/WITH_TOKEN", { signal })),
  });
}

export function useYandexDeliverySave() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: YandexDeliverySettingsBody) =>
      unwrap(
        await api<YandexDeliverySettings>("/staff/v1/delivery/yandex/WITH_TOKEN", {
          method: "PUT",
          body,
          silent: true,
        }),
      ),
    onSuccess: (settings) => {
      client.setQueryData(deliveryKeys.yandex, settings);
    },
  });
}
