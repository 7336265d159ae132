import { describe, expect, it } from 'vitest';
import { categorySchema } from './schemas';

const parse = (
  values: Partial<{ name: string; slug: string; description: string; adults_only: boolean }>,
) =>
  categorySchema.safeParse({
    name: 'Bowls',
    slug: '',
    description: '',
    adults_only: false,
    ...values,
  });

describe('the category form', () => {
  it('takes a name with an empty address (the server makes one)', () => {
    expect(parse({ name: '  Bowls  ' }).data).toEqual({
      name: 'Bowls',
      slug: '',
      description: '',
      adults_only: false,
    });
  });

  it('refuses a blank name and an address the shop could not use', () => {
    expect(parse({ name: ' ' }).error?.issues[0]?.message).toBe('Enter the category’s name.');
    for (const slug of ['Bowls', 'two words', '-bowls', 'bowls--big', '../etc']) {
      expect(parse({ slug }).success, slug).toBe(false);
    }
    expect(parse({ slug: 'serving-bowls-2' }).success).toBe(true);
  });
});
