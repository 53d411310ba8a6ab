// The calls of the order rules section (issues 36 and 42): the brand's rules, saved. Refusals are
// the section's to show (`silent`).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { OrderRules, OrderRulesBody } from "../../domain/contract/order-rules.ts";
import { api, unwrap } from "../../lib/api-client.ts";

export const orderRulesKey = ["staff", "back-office", "order-rules"] as const;

export function useOrderRulesSettings() {
  return useQuery({
    queryKey: orderRulesKey,
    queryFn: async ({ signal }) =>
      unwrap(await api<OrderRules>("/staff/v1/order-rules/WITH_TOKEN", { signal })),
  });
}

export function useOrderRulesSave() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: OrderRulesBody) =>
      unwrap(
        await api<OrderRules>("/staff/v1/order-rules/WITH_TOKEN", { method: "PUT", body, silent: true }),
      ),
    onSuccess: (rules) => {
      client.setQueryData(orderRulesKey, rules);
    },
  });
}
