/**
 * `npm run staff:create -- --tenant TOKEN --email E --role owner|staff [--name N]`
 *
 * Creates a back-office account at a shop (the first owner of a new shop, or a way back in
 * when every owner is locked out), on the database the API uses (the same environment:
 * DATABASE_URL or SQLITE_PATH). The password is read from standard input, never from the
 * command line, which other users of the machine can read: typed at a prompt that does not
 * echo it (asked twice) when standard input is a terminal, else the first line of what is
 * piped in:
 *
 *   npm run staff:create -- --tenant demo-handcraft --email maya@example.com --role owner
 *   printf '%s\n' "$PASSWORD" | npm run staff:create -- --tenant demo-handcraft --email ...
 *
 * The same rules as an accepted invitation (server/staff/members.ts): a valid e-mail no live
 * member of the shop has, the password policy (at least 8 characters). The creation is written
 * to the shop's activity log as done by the system. Prints the new member's id; never the
 * password. Exits 1 with the reason for an unknown shop, a taken e-mail, a weak password or a
 * wrong argument.
 */
import { DomainError } from '../server/platform/domain-error.ts';
import { isStaffRole } from '../server/staff/member-input.ts';
import { createStaffMember } from '../server/staff/members.ts';
import { argument, problemsOf, readPassword } from './lib/cli.ts';
import { withShopDatabase } from './lib/shop-database.ts';

const USAGE =
  'usage: npm run staff:create -- --tenant TOKEN --email EMAIL --role owner|staff [--name NAME]\n' +
  '       (the password is read from standard input)';

async function main(): Promise<number> {
  const token = argument('tenant');
  const email = argument('email');
  const role = argument('role');
  const name = argument('name') ?? email?.split('@')[0] ?? '';
  if (!token || !email || !role) {
    console.error(USAGE);
    return 1;
  }
  if (!isStaffRole(role)) {
    console.error(`The role must be owner or staff, not "${role}".`);
    return 1;
  }
  return withShopDatabase(token, async ({ config, db, tenantId }) => {
    const password = await readPassword();
    if (password === null) return 1;
    try {
      const member = await createStaffMember(
        db,
        { tenantId, email, name, role, password },
        { passwordHashCost: config.passwordHashCost },
      );
      console.log(
        `Created ${member.role} ${member.email} (staff id ${member.id}) at shop "${token}". ` +
          'They can sign in at /admin/ now.',
      );
      return 0;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      console.error(`No account was created.\n${problemsOf(error).join('\n')}`);
      return 1;
    }
  });
}

process.exitCode = await main();
