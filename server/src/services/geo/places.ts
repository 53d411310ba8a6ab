/** Branches, regions and the customer's saved addresses. */
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
