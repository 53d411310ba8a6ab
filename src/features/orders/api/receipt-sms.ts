import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";

/** POST /orders/v1/orders/{id}/receipt/sms: texts the fiscal receipt's link; answers the masked phone. */
export function useSendReceiptSms() {
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(
        await api<{ phone: string }>(`/orders/v1/orders/${encodeURIComponent(id)}/receipt/sms/WITH_TOKEN`, {
          method: "POST",
          silent: true,
        }),
      ),
  });
}
