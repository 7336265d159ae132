import { describe, expect, it } from 'vitest';
import { navFor, splitForPhone } from './nav';

const labels = (items: readonly { label: string }[]) => items.map((item) => item.label);

describe("the phone's navigation", () => {
  it('keeps the four daily places in the bar and puts the rest of an owner’s under More', () => {
    const { bar, more } = splitForPhone(navFor('owner'));
    expect(labels(bar)).toEqual(['Today', 'Orders', 'Products', 'Inbox']);
    expect(labels(more)).toEqual([
      'Categories',
      'Moderation',
      'Content',
      'Customers',
      'Sales',
      'Promotions',
      'Discounts',
      'Gift cards',
      'Settings',
      'Activity',
      'Staff',
      'Account',
    ]);
  });

  it('lists under More only what staff may open', () => {
    const { bar, more } = splitForPhone(navFor('staff'));
    expect(labels(bar)).toEqual(['Today', 'Orders', 'Products', 'Inbox']);
    expect(labels(more)).toEqual(['Categories', 'Moderation', 'Content', 'Customers', 'Account']);
  });

  it('shows a member who must set up two-step verification only Account, in the bar', () => {
    expect(splitForPhone(navFor('owner', true))).toEqual({
      bar: [expect.objectContaining({ label: 'Account' })],
      more: [],
    });
  });

  it('puts a place added without `bar` under More, in the list’s order', () => {
    const items = [
      ...navFor('owner').slice(0, 3),
      { to: '/orders', label: 'Sales', roles: ['owner'] } as const,
    ];
    expect(labels(splitForPhone(items).more)).toEqual(['Sales']);
  });
});
