/**
 * A member's push notifications (admin contract: getMyPushSettings, updateMyPushSettings,
 * addMyPushSubscription, removeMyPushSubscription), as the staff member: the server's VAPID
 * key and every switch on; one switch turned off and on again; a device subscribed (a browser's
 * push service address and P-256 keys) and counted; an endpoint that is not a push service
 * refused (400 on `endpoint`), and keys that are not a browser's (400 on `keys`); the device
 * turned off again, so no later case's order sends it anything.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { fieldError, type Case } from '../case';
import { isObject, type Json } from '../contract-document';
import { adminCase, members, type AdminSetup } from './admin-setup';

/** A device of this run, at a push service's address (never reached: it is removed at the end). */
const device = {
  endpoint: `https://fcm.googleapis.com/fcm/send/contract-${Date.now().toString(36)}`,
  keys: {
    p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  },
};

/** A check of a PushSettings answer: `devices` devices and the switches `events`. */
function settingsAre(devices: number, events: Record<string, boolean>) {
  return (b: Json) => {
    if (!isObject(b) || typeof b.public_key !== 'string' || b.public_key.length < 80) {
      return `expected the server's VAPID key, got ${JSON.stringify(b)}`;
    }
    if (b.devices !== devices) return `expected ${devices} devices, got ${JSON.stringify(b)}`;
    return JSON.stringify(b.events) === JSON.stringify(events)
      ? null
      : `expected switches ${JSON.stringify(events)}, got ${JSON.stringify(b.events)}`;
  };
}

const ALL_ON = { order_paid: true, transfer_to_confirm: true, new_message: true };

/** The push notifications' cases, in order. */
export function pushCases(a: AdminSetup): Case[] {
  const { asStaff } = members(a);
  const subscribe = (name: string, body: Json, status: number, rest: Partial<Case> = {}) =>
    asStaff(
      adminCase(
        `addMyPushSubscription ${name}`,
        'addMyPushSubscription',
        'POST',
        '/me/push/subscriptions/',
        status,
        { body, ...rest },
      ),
    );
  return [
    asStaff(
      adminCase(
        'getMyPushSettings (every switch on)',
        'getMyPushSettings',
        'GET',
        '/me/push/',
        200,
        {
          check: settingsAre(0, ALL_ON),
        },
      ),
    ),
    asStaff(
      adminCase(
        'updateMyPushSettings (messages off)',
        'updateMyPushSettings',
        'PATCH',
        '/me/push/',
        200,
        {
          body: { new_message: false },
          check: settingsAre(0, { ...ALL_ON, new_message: false }),
        },
      ),
    ),
    asStaff(
      adminCase(
        'updateMyPushSettings (messages on again)',
        'updateMyPushSettings',
        'PATCH',
        '/me/push/',
        200,
        { body: { new_message: true }, check: settingsAre(0, ALL_ON) },
      ),
    ),
    subscribe('(this device)', device, 200, { check: settingsAre(1, ALL_ON) }),
    subscribe(
      '(not a push service: a local address)',
      { ...device, endpoint: 'https://10.0.0.8/push/x' },
      400,
      { check: fieldError('endpoint', "This is not a browser's push service address.") },
    ),
    subscribe(
      "(keys that are not a browser's)",
      { ...device, keys: { p256dh: 'BAAA', auth: device.keys.auth } },
      400,
      { check: fieldError('keys', "These are not a browser's push keys.") },
    ),
    asStaff(
      adminCase(
        'removeMyPushSubscription (this device)',
        'removeMyPushSubscription',
        'POST',
        '/me/push/subscriptions/remove/',
        204,
        { body: { endpoint: device.endpoint } },
      ),
    ),
    asStaff(
      adminCase(
        'getMyPushSettings (no device left)',
        'getMyPushSettings',
        'GET',
        '/me/push/',
        200,
        {
          check: settingsAre(0, ALL_ON),
        },
      ),
    ),
  ];
}
