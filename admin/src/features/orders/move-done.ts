/**
 * How an order's move that worked says so: the order page provides it and shows the message at
 * its top (a form that made its move usually disappears with it, as the order's `actions`
 * change); the forms of ./order-actions.tsx, ./mark-paid-form.tsx, ./paid-back-button.tsx and
 * ./shipment-actions.tsx and the one-click moves of ./move-button.tsx call it.
 */
import { createContext } from 'react';

/**
 * Where a move that worked says so: the order page shows the message at its top (a form that
 * made its move usually disappears with it, as the order's `actions` change).
 */
export const MoveDone = createContext<(message: string) => void>(() => {});
