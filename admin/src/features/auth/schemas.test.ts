import { describe, expect, it } from 'vitest';
import { acceptInvitationSchema } from './schemas';

/** The first message zod gives for `field`, or undefined when the values pass. */
function errorOn(values: Record<string, string>, field: string): string | undefined {
  const result = acceptInvitationSchema.safeParse(values);
  return result.success
    ? undefined
    : result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('the invitation form', () => {
  const valid = { name: 'Tom Oak', password: 'tempered-steel', password_confirm: 'tempered-steel' };

  it('takes a name and a password of 8 to 200 characters typed twice the same', () => {
    expect(acceptInvitationSchema.safeParse(valid).success).toBe(true);
  });

  it('refuses a password the server would refuse: under 8 or over 200 characters', () => {
    const long = 'x'.repeat(201);
    expect(errorOn({ ...valid, password: long, password_confirm: long }, 'password')).toBe(
      'Use at most 200 characters.',
    );
    expect(errorOn({ ...valid, password: 'short', password_confirm: 'short' }, 'password')).toBe(
      'Use at least 8 characters.',
    );
  });

  it('says when the two passwords differ', () => {
    expect(errorOn({ ...valid, password_confirm: 'tempered-steal' }, 'password_confirm')).toBe(
      'The two passwords are not the same.',
    );
  });
});
