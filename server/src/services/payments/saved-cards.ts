/** The customer's saved cards. */
export { listCards } from "../../repositories/cards.ts";
