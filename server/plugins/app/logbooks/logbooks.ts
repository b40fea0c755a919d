/**
 * Logbooks: the checklists (species_locations of the product's region, filtered by its taxa
 * classification), who owns which, activation codes and the member's ticks (sighting_groups, the
 * trigger-kept summary of their sightings).
 */
import { randomInt } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  ACTIVATION_ALPHABET,
  normaliseActivationCode,
  placeText,
  type CodeBatch,
  type Logbook,
  type LogbookTick,
  type OwnedLogbook,
} from '@contract/logbooks';
import { messages } from '@contract/messages';
import type { Clock } from '../../../clock';
import type { DB } from '../../../db/schema';
import { ApiError, badRequest, conflict, notFound } from '../../../errors';
import type { ProductRow } from '../shop/tables';
import { present } from '../../../present';

/** A new random code, printed form (`ABCD-EFGH-JKMN`). */
export function newActivationCode(): string {
  let bare = '';
  for (let i = 0; i < 12; i += 1) bare += ACTIVATION_ALPHABET.charAt(randomInt(ACTIVATION_ALPHABET.length));
  return present(normaliseActivationCode(bare), 'a valid activation code');
}

/** The grant of a logbook product: every caller holds a product already checked to be one. */
function logbookGrant(product: ProductRow) {
  return present(product.grants.logbook, `the logbook grant of product ${product.id}`);
}

/** A member's filled checklist, as the printed PDF shows it. */
export interface PrintableLogbook {
  name: string;
  /** The member's name as printed: first name and nickname, or the nickname. */
  member: string;
  species: { species_id: string; name: string; scientific_name: string; family: string | null }[];
  ticks: Map<string, LogbookTick & { place: string | null }>;
}

export class Logbooks {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  /** The checklist's species query of a logbook product (its region and classification). */
  private checklist(db: Kysely<DB> | Transaction<DB>, product: ProductRow) {
    const grant = logbookGrant(product);
    return db
      .selectFrom('species_locations')
      .innerJoin('species', 'species.id', 'species_locations.species_id')
      .where('species_locations.location_id', '=', grant.location_id)
      .where(sql<boolean>`species.classifications @> ARRAY[${grant.classification}]::text[]`)
      .where('species.deleted', '=', false);
  }

  private async describe(product: ProductRow): Promise<Logbook> {
    const grant = logbookGrant(product);
    const total = await this.checklist(this.db, product)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return {
      product_id: product.id,
      name: product.name,
      description: product.description,
      images: product.images,
      location_id: grant.location_id,
      classification: grant.classification,
      species_total: Number(total.n),
    };
  }

  async logbookProduct(id: string, includeHidden: boolean): Promise<ProductRow | undefined> {
    const row = await this.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', id)
      .where('kind', '=', 'logbook')
      .executeTakeFirst();
    return row && row.grants.logbook && (includeHidden || !row.hidden) ? row : undefined;
  }

  async forSale(): Promise<Logbook[]> {
    const rows = await this.db
      .selectFrom('products')
      .selectAll()
      .where('kind', '=', 'logbook')
      .where('hidden', '=', false)
      .orderBy('name')
      .execute();
    return Promise.all(rows.filter((row) => row.grants.logbook).map((row) => this.describe(row)));
  }

  async describeProduct(product: ProductRow): Promise<Logbook> {
    return this.describe(product);
  }

  /**
   * The member's sightings of the checklist's species, from the sighting_groups summary (refreshed
   * first, as every read of it does: plugins/app/observations/sighting-groups.ts).
   */
  async ticks(userId: string, product: ProductRow): Promise<LogbookTick[]> {
    const grant = logbookGrant(product);
    await sql`SELECT sighting_groups_refresh(${userId}::uuid)`.execute(this.db);
    const result = await sql<{ species_id: string; count: string; first_date: string }>`
      SELECT g.species_id, sum(g.count) AS count, min(g.first_date) AS first_date
      FROM sighting_groups g
      JOIN species_locations sl ON sl.species_id = g.species_id AND sl.location_id = ${grant.location_id}
      JOIN species s ON s.id = g.species_id
      WHERE g.owner_id = ${userId}::uuid AND s.classifications @> ARRAY[${grant.classification}]::text[]
        AND NOT s.deleted
      GROUP BY g.species_id ORDER BY g.species_id`.execute(this.db);
    return result.rows.map((row) => ({
      species_id: row.species_id,
      count: Number(row.count),
      first_date: Number(row.first_date),
    }));
  }

  async species(product: ProductRow) {
    return this.checklist(this.db, product)
      .select(['species.id as species_id', 'species.name', 'species.scientific_name', 'species.family'])
      .orderBy('species.sort')
      .orderBy('species.family')
      .orderBy('species.name')
      .execute();
  }

  /**
   * What the printed checklist shows (pdf.ts): the checklist in its order, the member's name, and
   * per ticked species its count, first date and the place of that first sighting (the earliest
   * sighting by date then id, the lifer rule's order, read from the member's record).
   */
  async printable(userId: string, product: ProductRow): Promise<PrintableLogbook> {
    const [species, ticks, member] = await Promise.all([
      this.species(product),
      this.ticks(userId, product),
      this.db
        .selectFrom('users')
        .select(['firstname', 'nickname'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    const ids = ticks.map((tick) => tick.species_id);
    const places =
      ids.length === 0
        ? []
        : (
            await sql<{ species_id: string; names: Record<string, string> | null }>`
      SELECT DISTINCT ON (g.species_id) g.species_id, r.data->'location'->'names' AS names
      FROM sighting_groups g
      JOIN collection_records r ON r.collection = 'species_observations' AND r.owner_id = g.owner_id
        AND r.id = g.first_id AND NOT r.deleted
      WHERE g.owner_id = ${userId}::uuid AND g.species_id = ANY(${ids}::text[])
      ORDER BY g.species_id, g.first_date, g.first_id`.execute(this.db)
          ).rows;
    const placeOf = new Map(places.map((row) => [row.species_id, placeText(row.names)]));
    const name = member.firstname.trim();
    return {
      name: product.name,
      member: name === '' ? member.nickname : `${name} (${member.nickname})`,
      species,
      ticks: new Map(
        ticks.map((tick) => [tick.species_id, { ...tick, place: placeOf.get(tick.species_id) ?? null }]),
      ),
    };
  }

  async owned(userId: string): Promise<OwnedLogbook[]> {
    const rows = await this.db
      .selectFrom('user_logbooks')
      .innerJoin('products', 'products.id', 'user_logbooks.product_id')
      .selectAll('products')
      .select(['user_logbooks.id as user_logbook_id', 'user_logbooks.activation_code'])
      .where('user_logbooks.user_id', '=', userId)
      .orderBy('products.name')
      .execute();
    return Promise.all(
      rows.map((row) => this.ownedView(userId, row, row.user_logbook_id, row.activation_code)),
    );
  }

  /** The member's logbook of this product, or undefined when they do not own it. */
  async ownedOne(userId: string, product: ProductRow): Promise<OwnedLogbook | undefined> {
    const row = await this.db
      .selectFrom('user_logbooks')
      .select(['id', 'activation_code'])
      .where('user_id', '=', userId)
      .where('product_id', '=', product.id)
      .executeTakeFirst();
    return row ? this.ownedView(userId, product, row.id, row.activation_code) : undefined;
  }

  private async ownedView(
    userId: string,
    product: ProductRow,
    id: string,
    code: string | null,
  ): Promise<OwnedLogbook> {
    const [logbook, ticks] = await Promise.all([this.describe(product), this.ticks(userId, product)]);
    return { ...logbook, user_logbook_id: id, user_id: userId, activation_code: code, seen: ticks.length };
  }

  /** Fulfilment of a bought logbook product (idempotent: owning it twice is owning it once). */
  async grant(
    trx: Transaction<DB>,
    grant: { userId: string; orderId: string; product: ProductRow },
  ): Promise<void> {
    if (grant.product.kind !== 'logbook' || !grant.product.grants.logbook) return;
    await trx
      .insertInto('user_logbooks')
      .values({
        user_id: grant.userId,
        product_id: grant.product.id,
        source: 'purchase',
        order_id: grant.orderId,
        activation_code: null,
        created_at: new Date(this.clock.now()),
      })
      .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
      .execute();
  }

  /**
   * A refund takes back the logbooks of these lines of the order (each passed once all its units are
   * refunded). If another of the member's paid orders holds the same logbook on a line not refunded,
   * the ownership moves to that order instead; one from a code is not touched.
   */
  async revoke(
    trx: Transaction<DB>,
    order: { userId: string; orderId: string; productIds: string[] },
  ): Promise<void> {
    if (order.productIds.length === 0) return;
    const taken = await trx
      .deleteFrom('user_logbooks')
      .where('user_id', '=', order.userId)
      .where('order_id', '=', order.orderId)
      .where('source', '=', 'purchase')
      .where('product_id', 'in', order.productIds)
      .returning(['product_id', 'created_at'])
      .execute();
    for (const row of taken) {
      const other = await trx
        .selectFrom('orders')
        .innerJoin('order_items', 'order_items.order_id', 'orders.id')
        .select('orders.id')
        .where('orders.user_id', '=', order.userId)
        .where('orders.status', 'in', ['fulfilled', 'partially_refunded'])
        .where('orders.id', '!=', order.orderId)
        .where('order_items.product_id', '=', row.product_id)
        .where((eb) =>
          eb(
            'order_items.quantity',
            '>',
            eb
              .selectFrom('order_refund_items')
              .select((sub) =>
                sub.fn.coalesce(sub.fn.sum<number>('order_refund_items.quantity'), sub.lit(0)).as('n'),
              )
              .whereRef('order_refund_items.order_id', '=', 'orders.id')
              .whereRef('order_refund_items.product_id', '=', 'order_items.product_id'),
          ),
        )
        .orderBy('orders.created_at')
        .executeTakeFirst();
      if (!other) continue;
      await trx
        .insertInto('user_logbooks')
        .values({
          user_id: order.userId,
          product_id: row.product_id,
          source: 'purchase',
          order_id: other.id,
          activation_code: null,
          created_at: row.created_at,
        })
        .execute();
    }
  }

  /** Every printed batch of codes, newest first, with how many of its codes were redeemed (admin). */
  async batches(): Promise<CodeBatch[]> {
    const rows = await this.db
      .selectFrom('activation_codes')
      .innerJoin('products', 'products.id', 'activation_codes.product_id')
      .select((eb) => [
        'activation_codes.product_id',
        'products.name as product_name',
        'activation_codes.batch',
        eb.fn.min('activation_codes.created_at').as('created_at'),
        eb.fn.countAll<string>().as('codes'),
        eb.fn.count<string>('activation_codes.redeemed_by').as('redeemed'),
      ])
      .groupBy(['activation_codes.product_id', 'products.name', 'activation_codes.batch'])
      .orderBy('created_at', 'desc')
      .orderBy('activation_codes.batch')
      .execute();
    return rows.map((row) => ({
      product_id: row.product_id,
      product_name: row.product_name,
      batch: row.batch,
      created_at: new Date(row.created_at).toISOString(),
      codes: Number(row.codes),
      redeemed: Number(row.redeemed),
    }));
  }

  /** One batch's codes as the CSV printed from, with when each was redeemed (admin). */
  async batchCsv(productId: string, batch: string): Promise<string> {
    const rows = await this.db
      .selectFrom('activation_codes')
      .select(['code', 'redeemed_at'])
      .where('product_id', '=', productId)
      .where('batch', '=', batch)
      .orderBy('code')
      .execute();
    if (rows.length === 0) throw notFound(messages.codeBatchNotFound);
    return [
      'code,product_id,batch,redeemed_at',
      ...rows.map((row) => `${row.code},${productId},${batch},${row.redeemed_at?.toISOString() ?? ''}`),
    ]
      .join('\n')
      .concat('\n');
  }

  /**
   * Redeems a printed code: the conditional UPDATE takes it for this member or finds it taken, so of
   * two members redeeming one code at once exactly one wins. A member who already owns the logbook
   * keeps the code unused (the transaction is undone).
   */
  async activate(userId: string, input: string): Promise<OwnedLogbook> {
    const code = normaliseActivationCode(input);
    if (code === null) throw badRequest(messages.activationCodeMalformed);
    const productId = await this.db.transaction().execute(async (trx) => {
      const now = new Date(this.clock.now());
      const taken = await trx
        .updateTable('activation_codes')
        .set({ redeemed_by: userId, redeemed_at: now })
        .where('code', '=', code)
        .where('redeemed_by', 'is', null)
        .returning('product_id')
        .executeTakeFirst();
      if (!taken) {
        const exists = await trx
          .selectFrom('activation_codes')
          .select('code')
          .where('code', '=', code)
          .executeTakeFirst();
        throw exists ? conflict(messages.activationCodeUsed) : badRequest(messages.activationCodeUnknown);
      }
      const inserted = await trx
        .insertInto('user_logbooks')
        .values({
          user_id: userId,
          product_id: taken.product_id,
          source: 'code',
          order_id: null,
          activation_code: code,
          created_at: now,
        })
        .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) throw conflict(messages.logbookAlreadyOwned);
      return taken.product_id;
    });
    const product = await this.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    return present(await this.ownedOne(userId, product), `the logbook ${product.id} just activated`);
  }

  /** A batch of new codes for a logbook product (admin), for printing. */
  async generate(productId: string, count: number, batch: string): Promise<string[]> {
    const product = await this.logbookProduct(productId, true);
    if (!product) throw notFound(messages.logbookNotFound);
    const codes = new Set<string>();
    while (codes.size < count) codes.add(newActivationCode());
    const created = await this.db
      .insertInto('activation_codes')
      .values(
        [...codes].map((code) => ({
          code,
          product_id: productId,
          batch,
          created_at: new Date(this.clock.now()),
        })),
      )
      .onConflict((oc) => oc.column('code').doNothing())
      .returning('code')
      .execute();
    if (created.length === 0) throw new ApiError(500, messages.logbookNotFound);
    return created.map((row) => row.code);
  }
}
