/**
 * The first-run set-up (issue 38, decision 079 "First-run set-up"): on a deployment with no shop
 * at all, the back office offers to open the first one, asking what `npm run shop:create` asks
 * (./create-shop.ts), guarded by a one-time code the server writes to its log at start, as
 * Grafana and Jenkins do. Whoever can read the server's log owns the deployment; whoever can only
 * reach its address cannot open a shop on it.
 *
 * - The code is made when the process starts and finds no tenant: 12 characters from an
 *   alphabet without 0, 1, I and O (32 symbols: 60 bits), shown as three groups of four
 *   (`K7MX-3QPA-WD9R`). It is typed back in any case, with or without the dashes and spaces.
 *   It lives in this process's memory only, and is compared in constant time.
 * - It dies once used: a set-up that opens the shop forgets it. Set-up is refused (`shop_exists`)
 *   as soon as any shop exists, whatever process made it: each attempt asks the database, and
 *   the creation itself checks "no shop yet" in its transaction under a lock, so two set-ups
 *   racing (in one process or two, each with its own code) open one shop.
 * - Wrong codes are counted per client address (an IPv6 client by its /64): past
 *   {@link FirstRunOptions.maxWrongPerAddress} in a window, the address is refused
 *   (ThrottledError, 429), even to ask whether the set-up is due, until the window ends. The
 *   code is never replaced for wrong guesses: 60 bits at 10 guesses per address per window are
 *   out of reach, and a code that changed after strangers' guesses would let anyone with enough
 *   addresses keep the operator from ever typing it. The counts live in the process, as the
 *   code does (the database's throttles are kept per shop, and there is none yet).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import { clientKey, ThrottledError } from '../platform/credentials/throttle.ts';
import type { Dialect } from '../platform/db/connection.ts';
import type { Database } from '../platform/db/database.ts';
import { DomainError } from '../platform/domain-error.ts';
import { createShop, type CreatedShop } from './create-shop.ts';
import type { ShopErrorCode } from './errors.ts';
import type { NewShop } from './shop-input.ts';

/** Every message the set-up is refused with. */
export const FIRST_RUN_MESSAGES = {
  codeWrong:
    "The set-up code is not right. Copy it from the server's log, where it was written when the server started.",
  shopExists: 'This deployment already has a shop.',
} as const;

/** The symbols of a code: no 0, 1, I or O, which read alike. 32 of them: 5 bits each. */
export const SETUP_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A code's symbols (12 x 5 bits = 60 bits), written in groups of {@link GROUP}. */
const CODE_LENGTH = 12;
const GROUP = 4;

/** What the set-up takes: the set-up code, and the new shop and its owner. */
export interface FirstRunRequest {
  code: string;
  shop: NewShop;
}

/** Why a code is announced: the process started without a shop, or too many wrong codes. */
export type CodeAnnouncement = 'no_shop';

export interface FirstRunOptions {
  /** Which database: PostgreSQL's creation takes an advisory lock to check "no shop yet". */
  dialect: Dialect;
  /** The owner's password hash cost (config.passwordHashCost). */
  passwordHashCost: number;
  /** Writes the code where the operator reads it (the server's log), once at start. */
  announce: (code: string, why: CodeAnnouncement) => void;
  /** Wrong codes one address may send per window (default 10). */
  maxWrongPerAddress?: number;
  /** The window of {@link maxWrongPerAddress} (default 15 minutes). */
  windowSeconds?: number;
  /** Clock in epoch ms (tests move it). */
  now?: () => number;
  /** Makes a code (tests give their own); default {@link makeSetupCode}. */
  makeCode?: () => string;
}

/** A fresh code: {@link CODE_LENGTH} random symbols of the alphabet, `XXXX-XXXX-XXXX`. */
export function makeSetupCode(): string {
  // 256 is a multiple of 32: each byte's low 5 bits pick a symbol without bias.
  const symbols = [...randomBytes(CODE_LENGTH)].map(
    (byte) => SETUP_CODE_ALPHABET[byte & 31] as string,
  );
  const groups: string[] = [];
  for (let i = 0; i < symbols.length; i += GROUP) groups.push(symbols.slice(i, i + GROUP).join(''));
  return groups.join('-');
}

/** A code as typed, compared without case, spaces or dashes (`k7mx 3qpa-wd9r` -> `K7MX3QPAWD9R`). */
export function normalizeSetupCode(typed: string): string {
  return typed.replace(/[\s-]+/g, '').toUpperCase();
}

/** Equal codes, in a time that does not depend on where they differ. */
function sameCode(typed: string, code: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(normalizeSetupCode(typed)), digest(normalizeSetupCode(code)));
}

/** Most addresses whose wrong codes are remembered; past it the oldest are forgotten. */
const MAX_ADDRESSES = 10_000;

/** Whether the deployment has a shop (any tenant). */
async function anyShop(db: Kysely<Database> | Transaction<Database>): Promise<boolean> {
  return (await db.selectFrom('tenants').select('id').limit(1).executeTakeFirst()) !== undefined;
}

const shopExists = () =>
  new DomainError<ShopErrorCode>('shop_exists', FIRST_RUN_MESSAGES.shopExists);

/**
 * The set-up of this process (see the module comment): made by {@link FirstRunSetup.start} when
 * the app starts, asked by the back office's `GET` and `POST /api/admin/setup/`.
 */
export class FirstRunSetup {
  /** The live code, or null: the process started with a shop, or the code was used. */
  private code: string | null = null;
  private readonly wrongByAddress = new Map<string, { hits: number; windowEndsMs: number }>();
  private readonly maxWrongPerAddress: number;
  private readonly windowMs: number;
  private readonly now: () => number;
  private readonly makeCode: () => string;

  private constructor(
    private readonly db: Kysely<Database>,
    private readonly options: FirstRunOptions,
  ) {
    this.maxWrongPerAddress = options.maxWrongPerAddress ?? 10;
    this.windowMs = (options.windowSeconds ?? 15 * 60) * 1000;
    this.now = options.now ?? Date.now;
    this.makeCode = options.makeCode ?? makeSetupCode;
  }

  /**
   * The set-up of a process starting on `db`: when no shop exists, a code is made and announced
   * (`options.announce`); else set-up is never offered by this process.
   * @throws the database's error when it cannot be read
   */
  static async start(db: Kysely<Database>, options: FirstRunOptions): Promise<FirstRunSetup> {
    const setup = new FirstRunSetup(db, options);
    if (!(await anyShop(db))) setup.newCode('no_shop');
    return setup;
  }

  /**
   * Whether this process still offers the set-up, as it last knew: it started without a shop,
   * and no set-up it served has opened one. Read synchronously (the back office's page writes
   * it); {@link isRequired} asks the database too.
   */
  get required(): boolean {
    return this.code !== null;
  }

  /**
   * Whether the set-up is due: this process offers it and the database still has no shop. A
   * shop opened meanwhile (by another process, or `npm run shop:create`) ends the offer here.
   * @throws the database's error when it cannot be read
   */
  async isRequired(): Promise<boolean> {
    if (this.code === null) return false;
    if (await anyShop(this.db)) {
      this.code = null;
      return false;
    }
    return true;
  }

  /**
   * {@link isRequired}, as the back office asks it: an address that has sent too many wrong
   * codes learns nothing until its window ends.
   * @throws ThrottledError for such an address; the database's error when it cannot be read
   */
  async isRequiredFor(address: string): Promise<boolean> {
    this.refuseThrottled(clientKey(address));
    return this.isRequired();
  }

  /**
   * Opens the deployment's first shop and its owner, when `request.code` is the live code.
   * Checked in this order: a shop exists; the address's wrong codes; the code; the shop's fields
   * (./shop-input.ts). A right code with wrong fields stays live.
   * @param address the client's address (wrong codes are counted by it)
   * @throws DomainError `shop_exists` when the deployment has a shop (also the loser of two
   *   racing set-ups); ThrottledError when `address` has sent too many wrong codes;
   *   DomainError `setup_code_wrong` (field `code`) for another code; `invalid_shop` with the
   *   wrong fields.
   */
  async open(request: FirstRunRequest, address: string): Promise<CreatedShop> {
    if (!(await this.isRequired())) throw shopExists();
    const key = clientKey(address);
    this.refuseThrottled(key);
    const code = this.code;
    if (code === null || !sameCode(request.code, code)) {
      this.countWrong(key);
      throw new DomainError<ShopErrorCode>('setup_code_wrong', FIRST_RUN_MESSAGES.codeWrong, {
        field: 'code',
      });
    }
    this.wrongByAddress.delete(key);
    let shop: CreatedShop;
    try {
      shop = await createShop(this.db, request.shop, {
        passwordHashCost: this.options.passwordHashCost,
        inTransaction: (trx) => this.noShopYet(trx),
      });
    } catch (error) {
      // A set-up that raced this one opened its shop first, maybe at the same domain.
      if (error instanceof DomainError && error.code === 'domain_taken' && (await anyShop(this.db)))
        throw shopExists();
      if (error instanceof DomainError && error.code === 'shop_exists') this.code = null;
      throw error;
    }
    // The code dies once used.
    this.code = null;
    return shop;
  }

  /**
   * In the creation's transaction: refuses when any shop exists. SQLite's transaction holds the
   * write lock from its start (`begin immediate`); PostgreSQL's takes an advisory lock every
   * set-up takes, so the second of two racing set-ups reads the first one's shop.
   * @throws DomainError `shop_exists`
   */
  private async noShopYet(trx: Transaction<Database>): Promise<void> {
    if (this.options.dialect === 'postgres')
      await sql`select pg_advisory_xact_lock(hashtext('shops: first-run set-up'))`.execute(trx);
    if (await anyShop(trx)) throw shopExists();
  }

  /** @throws ThrottledError while `key` has used its wrong codes in the current window */
  private refuseThrottled(key: string): void {
    const entry = this.wrongByAddress.get(key);
    const now = this.now();
    if (!entry || entry.windowEndsMs <= now || entry.hits < this.maxWrongPerAddress) return;
    throw new ThrottledError(Math.max(1, Math.ceil((entry.windowEndsMs - now) / 1000)));
  }

  /** Counts a wrong code of `key`. */
  private countWrong(key: string): void {
    const now = this.now();
    const entry = this.wrongByAddress.get(key);
    if (!entry || entry.windowEndsMs <= now) {
      this.wrongByAddress.delete(key);
      if (this.wrongByAddress.size >= MAX_ADDRESSES) {
        const oldest = this.wrongByAddress.keys().next().value;
        if (oldest !== undefined) this.wrongByAddress.delete(oldest);
      }
      this.wrongByAddress.set(key, { hits: 1, windowEndsMs: now + this.windowMs });
    } else entry.hits += 1;
  }

  /** Makes a new code, forgets the wrong ones counted against the old, and announces it. */
  private newCode(why: CodeAnnouncement): void {
    this.code = this.makeCode();
    this.options.announce(this.code, why);
  }
}
