/**
 * Admin writes of locations (PUT/DELETE locations/{id}, SPEC §7 "Reference data"). They live with
 * places because places are what makes a location "in use": a location that regions, places, field
 * guides or members' profiles still name is never deleted (409 naming them), so no row is orphaned.
 * Its species list and animal-group flags are the location's own and go with it.
 */
import { sql, type Kysely } from 'kysely';
import { formatMessage, messages } from '@contract/messages';
import type { LocationInput } from '@contract/places';
import { foldText, searchTextOf } from '@contract/text';
import type { DB } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../errors';
import type { PlacesDB } from './hotspot-reads';
import type { PlacesTables } from './tables';

export class LocationWrites {
  private readonly db: Kysely<PlacesDB>;

  constructor(db: Kysely<DB>) {
    this.db = db.withTables<PlacesTables>();
  }

  /** What still names the location, e.g. "2 regions, 1 place"; empty when nothing does. */
  async uses(id: string): Promise<string[]> {
    const count = async (table: 'locations' | 'hotspots' | 'field_guides' | 'users', column: string) => {
      const row = await this.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where(sql.ref(column), '=', id)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    const found: Array<[number, string, string]> = [
      [await count('locations', 'parent_id'), 'region', 'regions'],
      [await count('hotspots', 'location_id'), 'place', 'places'],
      [await count('field_guides', 'location_id'), 'field guide', 'field guides'],
      [await count('users', 'location_id'), "member's profile", "members' profiles"],
    ];
    return found.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  }

  /** Creates or replaces the location; answers whether it was created. */
  async put(id: string, input: LocationInput): Promise<boolean> {
    const parentId = input.parent_id ?? null;
    if (input.type === 'country' && parentId !== null) throw badRequest(messages.locationParentCountry);
    if (input.type === 'region') {
      if (parentId === null) throw badRequest(messages.locationParentRequired);
      const parent = await this.db
        .selectFrom('locations')
        .select('type')
        .where('id', '=', parentId)
        .executeTakeFirst();
      if (parent?.type !== 'country' || parentId === id) throw badRequest(messages.locationParentUnknown);
    }
    const classifications = Object.entries(input.classifications ?? {});
    if (classifications.length > 0) {
      const known = new Set(
        (
          await this.db
            .selectFrom('taxa_classifications')
            .select('id')
            .where(
              'id',
              'in',
              classifications.map(([classificationId]) => classificationId),
            )
            .execute()
        ).map((row) => row.id),
      );
      const unknown = classifications.find(([classificationId]) => !known.has(classificationId));
      if (unknown)
        throw badRequest(formatMessage(messages.locationClassificationUnknown, { id: unknown[0] }));
    }
    const existing = await this.db
      .selectFrom('locations')
      .select('type')
      .where('id', '=', id)
      .executeTakeFirst();
    // A country that still has regions cannot become a region (its regions would have no country).
    if (existing?.type === 'country' && input.type === 'region') {
      const uses = await this.uses(id);
      const regions = uses.filter((use) => use.includes('region'));
      if (regions.length > 0)
        throw conflict(formatMessage(messages.locationInUse, { uses: regions.join(', ') }));
    }
    const names = { en: input.name, ...input.names };
    const values = {
      parent_id: parentId,
      type: input.type,
      name: input.name,
      names: JSON.stringify(names),
      latitude: input.latitude,
      longitude: input.longitude,
      search_text: searchTextOf([input.name, ...Object.values(names)]),
      search_name: foldText(input.name),
    };
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('locations')
        .values({
          id,
          ...values,
          iso_a2: null,
          iso_a3: null,
          iso_3166_2: null,
          continent: null,
          has_species: false,
        })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
      for (const [classificationId, active] of classifications) {
        // The table's rule: active exactly when there is a list (coverage not 'none'); an admin turning
        // a group on without a local checklist gives it the world list.
        await trx
          .insertInto('location_classifications')
          .values({
            location_id: id,
            classification_id: classificationId,
            active,
            coverage: active ? 'world' : 'none',
            source: 'admin',
          })
          .onConflict((oc) =>
            oc.columns(['location_id', 'classification_id']).doUpdateSet((eb) => ({
              active,
              coverage: active
                ? eb
                    .case()
                    .when('location_classifications.coverage', '=', 'none')
                    .then('world' as const)
                    .else(eb.ref('location_classifications.coverage'))
                    .end()
                : ('none' as const),
              source: 'admin',
            })),
          )
          .execute();
      }
    });
    return existing === undefined;
  }

  /** Deletes an unused location; 404 unknown, 409 naming what still uses it. */
  async remove(id: string): Promise<void> {
    const existing = await this.db
      .selectFrom('locations')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!existing) throw notFound(messages.locationNotFound);
    const uses = await this.uses(id);
    if (uses.length > 0) throw conflict(formatMessage(messages.locationInUse, { uses: uses.join(', ') }));
    await this.db.deleteFrom('locations').where('id', '=', id).execute();
  }
}
