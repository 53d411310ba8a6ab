// The calls of the menu's groups (issue 36): listed, created, saved, ordered, deleted. Every change
// reads the groups, the categories (their group) and the log again.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  EditorMenuGroup,
  MenuGroupBody,
  MenuGroupUpdate,
} from "../../domain/contract/back-office-menu-groups.ts";
import { api, unwrap, type HttpMethod } from "../../lib/api-client.ts";
import { staffKeys } from "../query-keys.ts";

const menuGroupsKey = ["staff", "back-office", "menu-groups"] as const;

export function useMenuGroups() {
  return useQuery({
    queryKey: menuGroupsKey,
    queryFn: async ({ signal }) =>
      unwrap(await api<EditorMenuGroup[]>("/staff/v1/menu-groups/WITH_TOKEN", { signal })),
  });
}

export type MenuGroupChange =
  | { kind: "create"; body: MenuGroupBody }
  | { kind: "save"; id: string; body: MenuGroupUpdate }
  | { kind: "delete"; id: string }
  | { kind: "order"; ids: string[] };

function request(change: MenuGroupChange): [string, HttpMethod, Record<string, unknown> | undefined] {
  switch (change.kind) {
    case "create":
      return ["/staff/v1/menu-groups", "POST", change.body];
    case "save":
      return [`/staff/v1/menu-groups/${encodeURIComponent(change.id)}`, "PUT", change.body];
    case "delete":
      return [`/staff/v1/menu-groups/${encodeURIComponent(change.id)}`, "DELETE", undefined];
    case "order":
      return ["/staff/v1/menu-groups/order", "PUT", { ids: change.ids }];
  }
}

/** One change of the groups; a refusal is the caller's to show. */
export function useMenuGroupChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: MenuGroupChange) => {
      const [path, method, body] = request(change);
      return unwrap(
        await api<unknown>(`${path}/WITH_TOKEN`, { method, silent: true, ...(body ? { body } : {}) }),
      );
    },
    // A move shows at once; the server's answer replaces it.
    onMutate: (change) => {
      if (change.kind === "order")
        client.setQueryData<EditorMenuGroup[]>(menuGroupsKey, (list) =>
          list ? change.ids.flatMap((id) => list.filter((g) => g.id === id)) : list,
        );
    },
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: menuGroupsKey }),
        client.invalidateQueries({ queryKey: ["staff", "back-office", "categories"] }),
        client.invalidateQueries({ queryKey: staffKeys.audit }),
      ]);
    },
  });
}
