/** Branches, regions and the customer's saved addresses. */
import type { z } from "zod";
import type { addressSchema } from "#domain/contract/geo.ts";
import type { AddressRow } from "../../repositories/geo.ts";

export {
  createAddress,
  deleteAddress,
  findBranch,
  listAddresses,
  listBranches,
  listRegions,
  type AddressRow,
  type AddressValues,
  type BranchWithHours,
  updateAddress,
} from "../../repositories/geo.ts";

/** A saved address as the API answers it. */
export function toAddress(a: AddressRow): z.output<typeof addressSchema> {
  return {
    id: a.id,
    createdDate: a.createdDate.toISOString(),
    lastModifiedDate: a.lastModifiedDate.toISOString(),
    type: a.type,
    name: a.name,
    streetName: a.streetName,
    houseNumber: a.houseNumber,
    details: a.details,
    description: a.description,
    comment: a.comment,
    latitude: a.latitude,
    longitude: a.longitude,
    cityId: a.cityId,
    typed: a.typed,
  };
}
