/**
 * The people of the seeded content: an account of the shop for every author, commenter and
 * reviewer it names, created without a usable password so that none of them can log in.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import type { SeedComment, SeedContent } from './content-data.ts';

/**
 * The password hash of seeded authors, commenters and reviewers: not a `scrypt$...` hash, so no
 * password ever verifies against it (server/platform/credentials/passwords.ts) and they cannot log
 * in.
 */
export const NO_LOGIN_PASSWORD_HASH = '!seeded-account-without-password';

function commentUsers(comments: readonly SeedComment[], into: Set<string>): void {
  for (const comment of comments) {
    into.add(comment.username);
    commentUsers(comment.replies ?? [], into);
  }
}

/**
 * The shop's account of each username (created without a usable password when missing). A
 * username that someone else's account already holds maps to nothing: that content is seeded
 * without an author rather than under a stranger's name.
 */
export async function ensurePeople(
  trx: Transaction<Database>,
  tenantId: number,
  content: SeedContent,
  createdAt: string,
): Promise<Map<string, number>> {
  const names = new Set<string>();
  for (const post of content.blog_posts) {
    if (post.author) names.add(post.author);
    commentUsers(post.comments, names);
  }
  for (const review of content.reviews) names.add(review.username);
  const ids = new Map<string, number>();
  for (const username of names) {
    const email = `${username}@${content.people_domain}`.toLowerCase();
    const find = () =>
      trx
        .selectFrom('users')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('email', '=', email)
        .executeTakeFirst();
    let row = await find();
    if (!row) {
      await trx
        .insertInto('users')
        .values({
          tenant_id: tenantId,
          email,
          username,
          password_hash: NO_LOGIN_PASSWORD_HASH,
          is_active: 1,
          created_at: createdAt,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      row = await find();
    }
    if (row) ids.set(username, row.id);
  }
  return ids;
}
