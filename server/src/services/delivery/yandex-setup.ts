// Yandex Delivery in the console (issue 39, the owner's `settings` area): each branch's OAuth token
// (write-only) and pickup contact, and the brand's moment for claims (repositories/delivery-settings.ts).
export { saveYandexDeliverySettings, yandexDeliverySettings } from "../../repositories/delivery-settings.ts";
