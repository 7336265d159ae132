import { describe, expect, it } from 'vitest';
import { moderationSearchSchema, replySchema } from './schemas';

describe('the reply form', () => {
  it('trims the reply and refuses a blank or overlong one', () => {
    expect(replySchema.parse({ content: '  Thank you!\n' })).toEqual({ content: 'Thank you!' });
    expect(replySchema.safeParse({ content: '   ' }).error?.issues[0]?.message).toBe(
      'Write the reply.',
    );
    expect(replySchema.safeParse({ content: 'x'.repeat(4001) }).success).toBe(false);
  });
});

describe("the queue's address", () => {
  it('reads the tab, the filter and the page, and anything else as the default', () => {
    expect(moderationSearchSchema.parse({ kind: 'comments', status: 'hidden', page: '2' })).toEqual(
      { kind: 'comments', status: 'hidden', page: 2 },
    );
    expect(moderationSearchSchema.parse({ kind: 'orders', status: 'gone', page: '-1' })).toEqual(
      {},
    );
    expect(moderationSearchSchema.parse({ page: '1' })).toEqual({});
  });
});
