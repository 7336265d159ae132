/**
 * The owner's settings' error codes (site, shipping, workshop, payments);
 * server/http/domain-errors.ts gives each its HTTP status.
 */
export type SettingsErrorCode =
  /** A field the rules refuse (400, one field or several). */
  | 'invalid_settings'
  /** No such shipping zone or method in this shop (404). */
  | 'settings_not_found'
  /** A change that cannot be made now: a zone with methods, a method open orders use, a full list (409). */
  | 'settings_conflict';
