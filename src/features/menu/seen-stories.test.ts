import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { seenStoriesKey, useSeenStories } from "./seen-stories.ts";

describe("the stories a customer has watched", () => {
  it("are kept per brand and customer, each once, and read back from storage", () => {
    localStorage.setItem(seenStoriesKey("lavash", "c1"), JSON.stringify(["s1", 7]));
    const { result } = renderHook(() => useSeenStories("lavash", "c1"));
    expect(result.current[0]).toEqual(["s1"]);
    act(() => {
      result.current[1]("s2");
    });
    act(() => {
      result.current[1]("s2");
    });
    expect(result.current[0]).toEqual(["s1", "s2"]);
    expect(JSON.parse(localStorage.getItem(seenStoriesKey("lavash", "c1")) ?? "null")).toEqual(["s1", "s2"]);
    // Another customer of the brand, and a guest, have watched nothing here.
    expect(renderHook(() => useSeenStories("lavash", "c2")).result.current[0]).toEqual([]);
    expect(renderHook(() => useSeenStories("lavash", null)).result.current[0]).toEqual([]);
  });

  it("count a damaged value as nothing watched", () => {
    localStorage.setItem(seenStoriesKey("plov", null), "{not json");
    expect(renderHook(() => useSeenStories("plov", null)).result.current[0]).toEqual([]);
  });
});
