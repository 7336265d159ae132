import { describe, expect, it } from 'vitest';
import { changeText, describeChanges } from './changes';

describe("an activity entry's change in words", () => {
  it('shows a field that changed with its old and new value', () => {
    expect(
      describeChanges({ status: 'awaiting_payment' }, { status: 'paid' }).map(changeText),
    ).toEqual(['status: awaiting_payment → paid']);
  });

  it('shows what was created and what was removed', () => {
    expect(
      describeChanges(null, { email: 'priya@example.com', role: 'staff' }).map(changeText),
    ).toEqual(['email: priya@example.com', 'role: staff']);
    expect(describeChanges({ role: 'staff' }, null).map(changeText)).toEqual([
      'role: staff → (removed)',
    ]);
  });

  it('writes values that are not text as JSON', () => {
    expect(
      describeChanges({ require_totp: false }, { require_totp: true }).map(changeText),
    ).toEqual(['require totp: false → true']);
  });
});
