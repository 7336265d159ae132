/**
 * The handler of each operationId of the back office's contract (openapi/admin.yaml), as
 * fastify-openapi-glue asks for them (./admin-api.ts); an operation missing here answers 501.
 * Handlers live in ./<resource>.ts, typed from the generated contract (../contract-types.ts),
 * and only translate between HTTP and the domain folders.
 */
import type { AdminHandlerMap } from '../contract-types.ts';
import { activityHandlers } from './activity.ts';
import { deskReadHandlers } from './orders.ts';
import { deskMoveHandlers } from './orders-desk.ts';
import { staffHandlers } from './staff.ts';
// ~~ products ~~
// ~~ stock-and-categories ~~
// ~~ media ~~
// ~~ moderation-and-inbox ~~
// ~~ content ~~
// ~~ settings ~~

/** The handler of each admin operation. */
export const adminHandlers: AdminHandlerMap = {
  ...staffHandlers,
  ...deskMoveHandlers,
  ...deskReadHandlers,
  ...activityHandlers,
  // ~~ products ~~
  // ~~ stock-and-categories ~~
  // ~~ media ~~
  // ~~ moderation-and-inbox ~~
  // ~~ content ~~
  // ~~ settings ~~
};
