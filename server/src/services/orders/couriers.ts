/** A merchant's couriers. */
export { createCourier, findCourierView, listCourierViews } from "../../repositories/couriers.ts";
