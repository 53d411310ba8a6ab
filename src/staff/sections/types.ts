import type { MessageDescriptor } from "@lingui/core";
import type { ContentLanguage } from "../../domain/enums.ts";
import type { BackOfficeArea } from "../../domain/staff-scope.ts";
import type { ComponentType, LazyExoticComponent } from "react";
import type { Multilingual } from "../../domain/multilingual.ts";

/** What the staff console's shell gives each section it shows beside the order board. */
export interface StaffSectionProps {
  /** The branch the console shows (a branch id is a UUID); null while "all my branches" is chosen. */
  branchId: string | null;
  /** The staff stream is up: lists it feeds (waiter calls) need no quick poll. */
  live?: boolean;
  /** The languages the brand writes its texts in. */
  languages?: readonly ContentLanguage[];
  /** The brand's sub ("plov"), for what is named after it (the QR sheet's file). */
  brandSub?: string;
  /** The branches the caller may see, with their names. */
  branches?: readonly { id: string; name: Multilingual }[];
  /** The brand's time zone: times read as the branch's clock, not the device's. */
  timeZone?: string;
  /** The parts of the back office the caller may open. */
  manages?: readonly BackOfficeArea[];
}

/** One section of the staff console (stop-list, today at the branch, inboxes, totals...). */
export interface StaffSection {
  /** Stable id, also the URL segment: /staff/<id>. */
  id: string;
  title: MessageDescriptor;
  /** Only for brands that serve at tables (dine-in). */
  dineIn?: boolean;
  /** A part of the back office: only for staff whose role may open it (`managedAreas`). */
  manages?: BackOfficeArea;
  /** Only for staff who take orders by phone (`mayTakePhoneOrders`). */
  phoneOrders?: boolean;
  /** A single letter; the shell binds Alt+<letter> to open the section. */
  shortcut?: string;
  /** Loaded only when opened, so the board stays light. */
  component: LazyExoticComponent<ComponentType<StaffSectionProps>>;
}
