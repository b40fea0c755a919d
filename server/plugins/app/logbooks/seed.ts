/**
 * The demo logbooks a new installation starts with (docs/shop.md "Demo logbooks"): two logbook
 * products whose checklists are real imported lists (the species that `species_locations` keys to
 * a country, in one classification), never a list written by hand here, and a few activation codes
 * for the operator to hand out as if printed in a paper logbook.
 *
 * Seeded once: the first start inserts them and records `demo_logbooks` in reference_imports, so an
 * admin's later edits, hiding or deletion stay. The codes are random per installation (fixed codes
 * published in the docs would let anyone take a logbook on any server that kept the demo); start-up
 * logs them and writes them to DATA_DIR/demo-logbook-codes.csv.
 */
import type { Kysely } from 'kysely';
import type { ProductGrants } from '@contract/shop';
import type { DB } from '../../../db/schema';
import { newActivationCode } from './logbooks';

interface DemoLogbook {
  /** Fixed, so the docs and a demo can link to `/product/{id}` and `/logbook/{id}`. */
  id: string;
  name: string;
  description: string;
  priceMinor: number;
  currency: string;
  /** A logbook product's grants: the logbook's region and classification. */
  grants: ProductGrants & { logbook: NonNullable<ProductGrants['logbook']> };
}

export const DEMO_LOGBOOKS: readonly DemoLogbook[] = [
  {
    id: '6f1d2c3b-4a59-4e6f-8a7b-0c1d2e3f4a01',
    name: 'Larger mammals of South Africa',
    description:
      'Every larger mammal (over about 1 kg, whales and seals included) listed for South Africa by the ' +
      'Mammal Diversity Database, in taxonomic order: tick them off as you see them.',
    priceMinor: 1200,
    currency: 'USD',
    grants: { logbook: { location_id: 'ZAF', classification: 'mammals-larger' } },
  },
  {
    id: '6f1d2c3b-4a59-4e6f-8a7b-0c1d2e3f4a02',
    name: 'Birds of the United States',
    description:
      'The birds of the North American Breeding Bird Survey species list (USGS) for the United States ' +
      'and Canada, with Clements (eBird) names, in taxonomic order.',
    priceMinor: 1500,
    currency: 'USD',
    grants: { logbook: { location_id: 'USA', classification: 'birds-clements' } },
  },
];

export const DEMO_LOGBOOKS_DATASET = 'demo_logbooks';
/** Activation codes printed for each demo logbook. */
export const DEMO_CODES_PER_LOGBOOK = 5;

export interface DemoLogbookCode {
  code: string;
  product_id: string;
  name: string;
}

/**
 * Inserts the demo logbooks and their codes once; answers the codes, or null when already done.
 * A logbook whose country is not in `locations` (a database without the reference seed) is left out.
 */
export async function ensureLogbooksData(
  db: Kysely<DB>,
  now = new Date(),
): Promise<DemoLogbookCode[] | null> {
  return db.transaction().execute(async (trx) => {
    const done = await trx
      .selectFrom('reference_imports')
      .select('dataset')
      .where('dataset', '=', DEMO_LOGBOOKS_DATASET)
      .executeTakeFirst();
    if (done) return null;
    const known = new Set(
      (
        await trx
          .selectFrom('locations')
          .select('id')
          .where(
            'id',
            'in',
            DEMO_LOGBOOKS.map((logbook) => logbook.grants.logbook.location_id),
          )
          .execute()
      ).map((row) => row.id),
    );
    const seeded = DEMO_LOGBOOKS.filter((logbook) => known.has(logbook.grants.logbook.location_id));
    const codes: DemoLogbookCode[] = [];
    if (seeded.length > 0) {
      await trx
        .insertInto('products')
        .values(
          seeded.map((logbook) => ({
            id: logbook.id,
            name: logbook.name,
            description: logbook.description,
            images: [],
            price_minor: logbook.priceMinor,
            currency: logbook.currency,
            kind: 'logbook',
            grants: JSON.stringify(logbook.grants),
            hidden: false,
            stock: null,
            file: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      for (const logbook of seeded) {
        for (let i = 0; i < DEMO_CODES_PER_LOGBOOK; i += 1) {
          codes.push({ code: newActivationCode(), product_id: logbook.id, name: logbook.name });
        }
      }
      await trx
        .insertInto('activation_codes')
        .values(codes.map(({ code, product_id }) => ({ code, product_id, batch: 'demo', created_at: now })))
        .execute();
    }
    await trx
      .insertInto('reference_imports')
      .values({ dataset: DEMO_LOGBOOKS_DATASET, checksum: String(seeded.length), imported_at: now })
      .execute();
    return codes;
  });
}

/** The codes as the CSV an operator prints from (the same columns as `POST logbooks/codes`). */
export function demoCodesCsv(codes: readonly DemoLogbookCode[]): string {
  return ['code,product_id,batch,logbook', ...codes.map((c) => `${c.code},${c.product_id},demo,"${c.name}"`)]
    .join('\n')
    .concat('\n');
}
