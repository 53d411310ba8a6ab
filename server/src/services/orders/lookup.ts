/** Reading one order or a list of them, and the customer's grade and hide of an order. */
export {
  findOrder,
  gradeOrder,
  hideOrder,
  listActiveOrders,
  listMerchantOrders,
  listUserOrders,
  must,
  orderViews,
} from "../../repositories/orders.ts";
