/** The customer's account: lookup, sign-up by phone, Telegram or Click, profile, language, deletion. */
export {
  attachVerifiedPhone,
  contentLanguageOf,
  deleteAccount,
  findOrCreateClickUser,
  findOrCreatePhoneUser,
  findOrCreateTelegramUser,
  findOrNamePhoneUser,
  findUserByPhone,
  findUserByTelegramId,
  hasOrderInProgress,
  linkTelegramId,
  saveBotSession,
  setUserLanguage,
  type UserRow,
  updateProfile,
} from "../../repositories/users.ts";
