/**
 * Query-key prefixes that more than one feature uses: the activity log's, which every mutation
 * that writes an entry invalidates (the log's own queries live in features/activity/api.ts),
 * and the shop's launch state (features/today/api.ts), which settings it counts refresh.
 * Below the features, so a feature the log's page reads (staff, for its filter) can invalidate
 * it without the two importing each other.
 */
export const ACTIVITY_QUERY_KEY = ['activity'] as const;

/** Whether the shop sells and its launch checklist (`GET /shop/`). */
export const SHOP_LAUNCH_QUERY_KEY = ['shop-launch'] as const;
