import { describe, expect, it } from 'vitest';
import { inboxReplySchema, inboxSearchSchema, messageIdOf } from './schemas';

describe("the inbox's forms and address", () => {
  it('trims a reply and refuses a blank or overlong one', () => {
    expect(inboxReplySchema.parse({ body: '\n Hello \n' })).toEqual({ body: 'Hello' });
    expect(inboxReplySchema.safeParse({ body: ' ' }).error?.issues[0]?.message).toBe(
      'Write your reply.',
    );
    expect(inboxReplySchema.safeParse({ body: 'x'.repeat(10_001) }).success).toBe(false);
  });

  it('reads the filter and the page, anything else as the inbox', () => {
    expect(inboxSearchSchema.parse({ filter: 'unread', page: '3' })).toEqual({
      filter: 'unread',
      page: 3,
    });
    expect(inboxSearchSchema.parse({ filter: 'spam', page: 'x' })).toEqual({});
  });

  it('takes a message id only as a whole number from 1', () => {
    expect(messageIdOf('12')).toBe(12);
    for (const bad of ['0', '-1', '1.5', 'abc', '2147483648', ''])
      expect(messageIdOf(bad)).toBeNull();
  });
});
