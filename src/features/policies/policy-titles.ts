import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { PolicyType } from "../../domain/enums.ts";

/** Titles of the brand's texts, for their pages and the footer links. */
export const POLICY_TITLES: Record<PolicyType, MessageDescriptor> = {
  ABOUT_COMPANY: msg`About us`,
  TERMS: msg`Public offer`,
  PRIVACY_POLICY: msg`Privacy policy`,
};
