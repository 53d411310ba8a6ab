// The calls of the stories section of the back office (issue 36). Refusals are the caller's to show
// at the field (`silent`).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { EditorStory, EditorStoryBody } from "../../domain/contract/back-office-stories.ts";
import { api, unwrap } from "../../lib/api-client.ts";
import { brandKeys } from "./brand-api.ts";

export const storyKeys = { stories: ["staff", "back-office", "stories"] as const };

export function useStories() {
  return useQuery({
    queryKey: storyKeys.stories,
    queryFn: async ({ signal }) =>
      unwrap(await api<EditorStory[]>("/staff/v1/stories/WITH_TOKEN", { signal })),
  });
}

export type StoryChange =
  | { kind: "save"; id: string | null; body: EditorStoryBody }
  | { kind: "remove"; id: string }
  | { kind: "order"; ids: string[] };

/** Adds, saves, removes or reorders; the list and the log take the saved state. */
export function useStoryChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: StoryChange) => {
      if (change.kind === "save")
        return unwrap(
          await api<EditorStory>(
            change.id
              ? `/staff/v1/stories/${encodeURIComponent(change.id)}/WITH_TOKEN`
              : "/staff/v1/stories/WITH_TOKEN",
            { method: change.id ? "PUT" : "POST", body: change.body, silent: true },
          ),
        );
      if (change.kind === "remove")
        return unwrap(
          await api<null>(`/staff/v1/stories/${encodeURIComponent(change.id)}/WITH_TOKEN`, {
            method: "DELETE",
            silent: true,
          }),
        );
      return unwrap(
        await api<EditorStory[]>("/staff/v1/stories/order/WITH_TOKEN", {
          method: "PUT",
          body: { ids: change.ids },
          silent: true,
        }),
      );
    },
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: storyKeys.stories }),
        client.invalidateQueries({ queryKey: brandKeys.audit }),
      ]);
    },
  });
}
