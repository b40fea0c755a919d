/**
 * Discount codes: percent or amount off, a validity window, a total usage limit and a per-member
 * limit. Checking (POST commerce/discount_code) only reads; an order *takes* a code inside its
 * checkout transaction, under the code row's lock (SELECT … FOR UPDATE), so two checkouts in two
 * processes cannot both take the last use. A failed or cancelled order gives its use back.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { formatMessage, messages } from '@contract/messages';
import type { Discount, DiscountInput } from '@contract/shop';
import type { Clock } from '../../../clock';
import type { DB } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../errors';
import type { DiscountRow } from './tables';

export const normaliseCode = (code: string) => code.trim().toUpperCase();

export function toDiscount(row: DiscountRow): Discount {
  return {
    code: row.code,
    type: row.type as Discount['type'],
    value: row.value,
    currency: row.currency,
    valid_from: row.valid_from?.toISOString() ?? null,
    valid_until: row.valid_until?.toISOString() ?? null,
    max_uses: row.max_uses,
    per_member_limit: row.per_member_limit,
    uses: row.uses,
  };
}

export class Discounts {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  async create(input: DiscountInput): Promise<Discount> {
    if (input.type === 'percent' && input.value > 100) throw badRequest(messages.discountPercentRange);
    if (input.type === 'amount' && !input.currency) throw badRequest(messages.discountAmountCurrency);
    const from = input.valid_from ? new Date(input.valid_from) : null;
    const until = input.valid_until ? new Date(input.valid_until) : null;
    if (from && until && until <= from) throw badRequest(messages.discountWindow);
    const row = await this.db
      .insertInto('discount_codes')
      .values({
        code: normaliseCode(input.code),
        type: input.type,
        value: input.value,
        currency: input.type === 'amount' ? (input.currency ?? null) : null,
        valid_from: from,
        valid_until: until,
        max_uses: input.max_uses ?? null,
        per_member_limit: input.per_member_limit ?? null,
        created_at: new Date(this.clock.now()),
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) throw conflict(messages.discountCodeTaken);
    return toDiscount(row);
  }

  /** Every code, newest first (the admin's list). */
  async list(): Promise<Discount[]> {
    const rows = await this.db
      .selectFrom('discount_codes')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('code')
      .execute();
    return rows.map(toDiscount);
  }

  /** Ends a code now; a code that had already ended keeps its earlier end. */
  async end(code: string): Promise<Discount> {
    const now = new Date(this.clock.now());
    const row = await this.db
      .updateTable('discount_codes')
      .set({ valid_until: sql<Date>`least(coalesce(valid_until, ${now}), ${now})` })
      .where('code', '=', normaliseCode(code))
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound(messages.discountNotFound);
    return toDiscount(row);
  }

  /** The code if `userId` may use it now on a cart in `currency`; otherwise a 400 with the reason. */
  async check(
    db: Kysely<DB> | Transaction<DB>,
    code: string,
    userId: string | null,
    currency: string | null,
    lock = false,
  ): Promise<DiscountRow> {
    let query = db.selectFrom('discount_codes').selectAll().where('code', '=', normaliseCode(code));
    if (lock) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row) throw badRequest(messages.discountUnknown);
    const now = this.clock.now();
    if (row.valid_from && row.valid_from.getTime() > now)
      throw badRequest(
        formatMessage(messages.discountNotYet, { date: row.valid_from.toISOString().slice(0, 10) }),
      );
    if (row.valid_until && row.valid_until.getTime() <= now)
      throw badRequest(
        formatMessage(messages.discountExpired, { date: row.valid_until.toISOString().slice(0, 10) }),
      );
    if (row.max_uses !== null && row.uses >= row.max_uses) throw badRequest(messages.discountUsedUp);
    if (row.type === 'amount' && currency !== null && row.currency !== currency)
      throw badRequest(formatMessage(messages.discountCurrency, { currency: row.currency ?? '' }));
    if (userId !== null && row.per_member_limit !== null) {
      const used = await db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('discount_code', '=', row.code)
        .where('user_id', '=', userId)
        .where('status', 'not in', ['failed', 'cancelled'])
        .executeTakeFirstOrThrow();
      if (Number(used.n) >= row.per_member_limit) throw badRequest(messages.discountMemberLimit);
    }
    return row;
  }

  /** Takes one use for an order being created in `trx` (the row stays locked until it commits). */
  async take(trx: Transaction<DB>, code: string, userId: string, currency: string): Promise<DiscountRow> {
    const row = await this.check(trx, code, userId, currency, true);
    await trx
      .updateTable('discount_codes')
      .set((eb) => ({ uses: eb('uses', '+', 1) }))
      .where('code', '=', row.code)
      .execute();
    return row;
  }

  /** Gives a use back (the order failed or was cancelled). */
  async release(trx: Transaction<DB>, code: string): Promise<void> {
    await trx
      .updateTable('discount_codes')
      .set((eb) => ({ uses: eb('uses', '-', 1) }))
      .where('code', '=', code)
      .where('uses', '>', 0)
      .execute();
  }
}
