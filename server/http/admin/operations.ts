/**
 * The handler of each operationId of the back office's contract (openapi/admin.yaml), as
 * fastify-openapi-glue asks for them (./admin-api.ts); an operation missing here answers 501.
 * Handlers live in ./<resource>.ts, typed from the generated contract (../contract-types.ts),
 * and only translate between HTTP and the domain folders.
 */
import type { AdminHandlerMap } from '../contract-types.ts';
import { activityHandlers } from './activity.ts';
import { orderReadHandlers } from './orders.ts';
import { orderMoveHandlers } from './order-moves.ts';
import { staffHandlers } from './staff.ts';
import { productHandlers } from './products.ts';
// ~~ products ~~
import { stockAndCategoryHandlers } from './stock-and-categories.ts';
// ~~ stock-and-categories ~~
import { mediaHandlers } from './media.ts';
// ~~ media ~~
import { inboxHandlers } from './inbox.ts';
import { moderationHandlers } from './moderation.ts';
// ~~ moderation-and-inbox ~~
import { contentHandlers } from './content.ts';
// ~~ content ~~
import { settingsHandlers } from './settings.ts';
// ~~ settings ~~
import { launchHandlers } from './launch.ts';
// ~~ launch ~~
import { businessHandlers } from './business.ts';
// ~~ business ~~
import { pushHandlers } from './push.ts';
// ~~ push ~~
import { photoFramingHandlers } from './photo-framing.ts';
// ~~ photo framing ~~
import { promotionHandlers } from './promotions.ts';
import { discountHandlers } from './discounts.ts';
// ~~ discounts ~~
import { giftCardHandlers } from './gift-cards.ts';
// ~~ gift cards ~~

/** The handler of each admin operation. */
export const adminHandlers: AdminHandlerMap = {
  ...staffHandlers,
  ...orderMoveHandlers,
  ...orderReadHandlers,
  ...activityHandlers,
  ...productHandlers,
  // ~~ products ~~
  ...giftCardHandlers,
  // ~~ gift cards ~~
  ...stockAndCategoryHandlers,
  // ~~ stock-and-categories ~~
  ...mediaHandlers,
  // ~~ media ~~
  ...moderationHandlers,
  ...inboxHandlers,
  // ~~ moderation-and-inbox ~~
  ...contentHandlers,
  // ~~ content ~~
  ...settingsHandlers,
  // ~~ settings ~~
  ...launchHandlers,
  // ~~ launch ~~
  ...businessHandlers,
  // ~~ business ~~
  ...pushHandlers,
  // ~~ push ~~
  ...photoFramingHandlers,
  // ~~ photo framing ~~
  ...promotionHandlers,
  ...discountHandlers,
  // ~~ discounts ~~
};
