// A customer's favourite products. Every query names the merchant and the user: a favourite belongs
// to one customer of one brand.
import { and, desc, eq, or } from "drizzle-orm";
import { favourites, products } from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";
import { productAvailable } from "#domain/menu.ts";

interface Owner {
  merchantId: string;
  userId: string;
}

const columns = {
  id: favourites.id,
  productId: favourites.productId,
  userId: favourites.userId,
  isFavourite: favourites.isFavourite,
  createdDate: favourites.createdDate,
  product: {
    id: products.id,
    name: products.name,
    description: products.description,
    image: products.image,
    costPrice: products.costPrice,
    discount: products.discount,
    unit: products.unit,
    isAvailable: products.isAvailable,
    stock: products.stock,
    active: products.active,
  },
};

type Joined = {
  id: string;
  productId: string;
  userId: string;
  isFavourite: boolean;
  createdDate: Date;
  product: {
    id: string;
    name: Record<string, string>;
    description: Record<string, string> | null;
    image: string | null;
    costPrice: number;
    discount: number;
    unit: "KG" | "LITER" | "GRAMM" | "COUNT";
    isAvailable: boolean;
    stock: number | null;
    active: boolean;
  };
};

export type FavouriteView = Omit<Joined, "product"> & {
  product: Omit<Joined["product"], "stock" | "active">;
};

function view(row: Joined): FavouriteView {
  const { stock: _s, active, ...product } = row.product;
  return { ...row, product: { ...product, isAvailable: active && productAvailable(row.product) } };
}

export async function listFavourites(
  db: Db,
  { merchantId, userId, isFavourite }: Owner & { isFavourite?: boolean | undefined },
): Promise<FavouriteView[]> {
  const rows = (await db
    .select(columns)
    .from(favourites)
    .innerJoin(products, eq(products.id, favourites.productId))
    .where(
      and(
        eq(favourites.merchantId, merchantId),
        eq(favourites.userId, userId),
        isFavourite === undefined ? undefined : eq(favourites.isFavourite, isFavourite),
      ),
    )
    .orderBy(desc(favourites.createdDate))) as Joined[];
  return rows.map(view);
}

/** Marks (or unmarks) a product of the merchant; null when the product is not the merchant's. */
export async function saveFavourite(
  db: Db,
  { merchantId, userId, productId, isFavourite }: Owner & { productId: string; isFavourite: boolean },
): Promise<FavouriteView | null> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.merchantId, merchantId), eq(products.id, productId)));
  if (!product) return null;
  await db
    .insert(favourites)
    .values({ merchantId, userId, productId, isFavourite })
    .onConflictDoUpdate({ target: [favourites.userId, favourites.productId], set: { isFavourite } });
  const [row] = (await db
    .select(columns)
    .from(favourites)
    .innerJoin(products, eq(products.id, favourites.productId))
    .where(
      and(
        eq(favourites.merchantId, merchantId),
        eq(favourites.userId, userId),
        eq(favourites.productId, productId),
      ),
    )) as Joined[];
  return row ? view(row) : null;
}

/** Removes the customer's favourite named by its id or by its product's id; false when none. */
export async function deleteFavourite(
  db: Db,
  { merchantId, userId, id }: Owner & { id: string },
): Promise<boolean> {
  const removed = await db
    .delete(favourites)
    .where(
      and(
        eq(favourites.merchantId, merchantId),
        eq(favourites.userId, userId),
        or(eq(favourites.id, id), eq(favourites.productId, id)),
      ),
    )
    .returning({ id: favourites.id });
  return removed.length > 0;
}
