import { describe, expect, it } from "vitest";
import { isAllowedImageSource } from "./image-source.ts";
import {
  canSeeBranch,
  managedAreas,
  mayActBrandWide,
  mayManage,
  mayManageAllBranches,
  mayManageBranch,
  visibleBranchIds,
} from "./staff-scope.ts";

const bound = { role: "STAFF", branchIds: new Set(["a"]) };
const unbound = { role: "STAFF", branchIds: null };

describe("the staff scope", () => {
  it("lets only staff bound to no branch act brand-wide, whatever their role", () => {
    expect(mayActBrandWide(unbound)).toBe(true);
    expect(mayActBrandWide({ role: "ADMIN", branchIds: null })).toBe(true);
    expect(mayActBrandWide(bound)).toBe(false);
    expect(mayActBrandWide({ role: "ADMIN", branchIds: new Set(["a"]) })).toBe(false);
    expect(mayActBrandWide({ role: "CUSTOMER", branchIds: null })).toBe(false);
  });

  it("keeps bound staff to their branches; what has no branch is brand-wide", () => {
    expect(canSeeBranch(bound, "a")).toBe(true);
    expect(canSeeBranch(bound, "b")).toBe(false);
    expect(canSeeBranch(bound, null)).toBe(false);
    expect(canSeeBranch(unbound, "b")).toBe(true);
    expect(canSeeBranch(unbound, null)).toBe(true);
    expect(canSeeBranch({ role: "CUSTOMER", branchIds: null }, "a")).toBe(false);
    expect(visibleBranchIds(bound)).toEqual(["a"]);
    expect(visibleBranchIds(unbound)).toBeNull();
  });
});

describe("the back office of a branch", () => {
  const boundManager = { ...bound, brandRole: "MANAGER" as const };
  const manager = { ...unbound, brandRole: "MANAGER" as const };

  it("lets a manager bound to branches edit their own branches' card and nothing brand-wide", () => {
    expect(mayManageBranch(boundManager, "a")).toBe(true);
    expect(mayManageBranch(boundManager, "b")).toBe(false);
    expect(mayManageAllBranches(boundManager)).toBe(false);
    expect(mayManage(boundManager, "menu")).toBe(false);
    expect(managedAreas(boundManager)).toEqual(["branches"]);
  });

  it("keeps every branch to unbound managers and owners, and none to operators or the kitchen", () => {
    expect(mayManageBranch(manager, "b")).toBe(true);
    expect(mayManageAllBranches(manager)).toBe(true);
    expect(mayManageBranch({ ...bound, brandRole: "OPERATOR" }, "a")).toBe(false);
    expect(mayManageBranch({ ...bound, brandRole: "KITCHEN" }, "a")).toBe(false);
    expect(mayManageBranch({ role: "CUSTOMER", branchIds: null, brandRole: "OWNER" }, "a")).toBe(false);
  });
});

describe("an image typed in by staff", () => {
  const hosts = ["https://cdn.example.com"];
  it("is a path of the site or on a listed origin", () => {
    expect(isAllowedImageSource("/demo/plov.svg", [])).toBe(true);
    expect(isAllowedImageSource("https://cdn.example.com/news/1.jpg", hosts)).toBe(true);
  });
  it("is refused anywhere else", () => {
    for (const src of [
      "https://evil.example/track.gif",
      "https://cdn.example.com.evil.example/x.png",
      "http://cdn.example.com/x.png",
      "https://user@cdn.example.com/x.png",
      "//evil.example/x.png",
      "/demo/../../etc/passwd",
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
    ])
      expect(isAllowedImageSource(src, hosts), src).toBe(false);
  });
});
