/** The customer's favourite products. */
export {
  deleteFavourite,
  listFavourites,
  saveFavourite,
  type FavouriteView,
} from "../../repositories/favourites.ts";
