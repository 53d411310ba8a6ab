// The menu builder's calls (issue 36): categories, products and modifier groups of the brand. Every
// change reads the categories and the products again (and the log), so the lists show what was saved.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CategoryBody,
  CategoryUpdate,
  EditorCategory,
  EditorModifierGroup,
  ModifierGroupBody,
  ProductCreate,
  ProductPlacement,
} from "../../domain/contract/back-office-menu.ts";
import type { EditorProduct } from "../../domain/contract/back-office.ts";
import { api, unwrap, type HttpMethod } from "../../lib/api-client.ts";
import { staffKeys } from "../query-keys.ts";

const categoriesKey = ["staff", "back-office", "categories"] as const;
const groupsKey = (productId: string) => ["staff", "back-office", "modifier-groups", productId] as const;

export function useCategories() {
  return useQuery({
    queryKey: categoriesKey,
    queryFn: async ({ signal }) =>
      unwrap(await api<EditorCategory[]>("/staff/v1/categories/WITH_TOKEN", { signal })),
  });
}

export function useModifierGroups(productId: string) {
  return useQuery({
    queryKey: groupsKey(productId),
    queryFn: async ({ signal }) =>
      unwrap(
        await api<EditorModifierGroup[]>(
          `/staff/v1/products/${encodeURIComponent(productId)}/modifier-groups/WITH_TOKEN`,
          { signal },
        ),
      ),
  });
}

type Change =
  | { kind: "create-category"; body: CategoryBody }
  | { kind: "save-category"; id: string; body: CategoryUpdate }
  | { kind: "delete-category"; id: string }
  | { kind: "order-categories"; ids: string[] }
  | { kind: "order-products"; categoryId: string; ids: string[] }
  | { kind: "create-product"; body: ProductCreate }
  | { kind: "place-product"; id: string; body: ProductPlacement }
  | { kind: "delete-product"; id: string }
  | { kind: "create-group"; productId: string; body: ModifierGroupBody }
  | { kind: "save-group"; id: string; productId: string; body: ModifierGroupBody & { version: number } }
  | { kind: "delete-group"; id: string; productId: string }
  | { kind: "order-groups"; productId: string; ids: string[] }
  | { kind: "copy-groups"; productId: string; fromProductId: string };

function request(change: Change): [string, HttpMethod, Record<string, unknown> | undefined] {
  const id = "id" in change ? encodeURIComponent(change.id) : "";
  switch (change.kind) {
    case "create-category":
      return ["/staff/v1/categories", "POST", change.body];
    case "save-category":
      return [`/staff/v1/categories/${id}`, "PUT", change.body];
    case "delete-category":
      return [`/staff/v1/categories/${id}`, "DELETE", undefined];
    case "order-categories":
      return ["/staff/v1/categories/order", "PUT", { ids: change.ids }];
    case "order-products":
      return [
        `/staff/v1/categories/${encodeURIComponent(change.categoryId)}/products/order`,
        "PUT",
        { ids: change.ids },
      ];
    case "create-product":
      return ["/staff/v1/products", "POST", change.body];
    case "place-product":
      return [`/staff/v1/products/${id}`, "PATCH", change.body];
    case "delete-product":
      return [`/staff/v1/products/${id}`, "DELETE", undefined];
    case "create-group":
      return [
        `/staff/v1/products/${encodeURIComponent(change.productId)}/modifier-groups`,
        "POST",
        change.body,
      ];
    case "save-group":
      return [`/staff/v1/modifier-groups/${id}`, "PUT", change.body];
    case "delete-group":
      return [`/staff/v1/modifier-groups/${id}`, "DELETE", undefined];
    case "order-groups":
      return [
        `/staff/v1/products/${encodeURIComponent(change.productId)}/modifier-groups/order`,
        "PUT",
        { ids: change.ids },
      ];
    case "copy-groups":
      return [
        `/staff/v1/products/${encodeURIComponent(change.productId)}/modifier-groups/copy`,
        "POST",
        { fromProductId: change.fromProductId },
      ];
  }
}

/** One change of the menu; a refusal is the caller's to show at its field. */
export function useMenuChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: Change) => {
      const [path, method, body] = request(change);
      return unwrap(
        await api<unknown>(`${path}/WITH_TOKEN`, { method, silent: true, ...(body ? { body } : {}) }),
      );
    },
    // Drag and drop shows the new order at once; the server's answer replaces it.
    onMutate: (change) => {
      if (change.kind === "order-categories")
        client.setQueryData<EditorCategory[]>(categoriesKey, (list) =>
          list ? change.ids.flatMap((id) => list.filter((c) => c.id === id)) : list,
        );
      if (change.kind === "order-groups")
        client.setQueryData<EditorModifierGroup[]>(groupsKey(change.productId), (list) =>
          list ? change.ids.flatMap((id) => list.filter((g) => g.id === id)) : list,
        );
      if (change.kind === "order-products")
        client.setQueryData<EditorProduct[]>(staffKeys.products, (list) => {
          if (!list) return list;
          const rest = list.filter((p) => p.categoryId !== change.categoryId);
          const mine = change.ids.flatMap((id) => list.filter((p) => p.id === id));
          return [...rest, ...mine];
        });
    },
    onSettled: async (_data, _error, change) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: categoriesKey }),
        // A category moved, added or deleted changes what its group holds.
        client.invalidateQueries({ queryKey: ["staff", "back-office", "menu-groups"] }),
        client.invalidateQueries({ queryKey: staffKeys.products }),
        client.invalidateQueries({ queryKey: staffKeys.audit }),
        "productId" in change
          ? client.invalidateQueries({ queryKey: groupsKey(change.productId) })
          : undefined,
      ]);
    },
  });
}
