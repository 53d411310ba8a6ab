import type { MessageDescriptor } from "@lingui/core";
import type { ComponentType, LazyExoticComponent } from "react";

/** What the staff console's shell gives each section it shows beside the order board. */
export interface StaffSectionProps {
  /** The branch the console shows (a branch id is a UUID); null while "all my branches" is chosen. */
  branchId: string | null;
  /** The staff stream is up: lists it feeds (waiter calls) need no quick poll. */
  live?: boolean;
  /** The brand's time zone: times read as the branch's clock, not the device's. */
  timeZone?: string;
}

/** One section of the staff console (stop-list, today at the branch, inboxes, totals...). */
export interface StaffSection {
  /** Stable id, also the URL segment: /staff/<id>. */
  id: string;
  title: MessageDescriptor;
  /** Only for brands that serve at tables (dine-in). */
  dineIn?: boolean;
  /** A single letter; the shell binds Alt+<letter> to open the section. */
  shortcut?: string;
  /** Loaded only when opened, so the board stays light. */
  component: LazyExoticComponent<ComponentType<StaffSectionProps>>;
}
