import type { Messages } from "@lingui/core";
import { addCatalog } from "../lib/i18n.ts";

// The console's own messages, kept out of the storefront's catalog (lingui.config.ts): importing this
// module makes every locale the console activates load them beside the storefront's.
const staffCatalogs = import.meta.glob<{ messages: Messages }>("../../locales/staff/*.po");

addCatalog(async (locale) => {
  const load = staffCatalogs[`../../locales/staff/${locale}.po`];
  if (!load) throw new Error(`No staff catalog for ${locale}`);
  return (await load()).messages;
});
