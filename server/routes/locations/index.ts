/**
 * Locations (SPEC §7 "Reference data"; the startup lookup of SPEC §4):
 * - GET locations: a list, nearest first when lat/lng are given (the first answer is the region
 *   around the point, then its country: see plugins/app/reference/reference-repository.ts), or
 *   the caller's country when lat or lng is 'geoip' (loopback, private or unknown addresses get the
 *   default location, United States). Filters: types, with_species_only, search_term (case- and
 *   accent-insensitive, on every name), parent_id; paging: length (or limit) and skip.
 * - GET locations/{id}: one location with its parent and its children (a country's regions).
 * A client token is enough: the app looks up its location before anyone signs in.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { failedResponses } from '@contract/envelope';
import { messages } from '@contract/messages';
import {
  LocationIdParamsSchema,
  LocationResponseSchema,
  LocationsQuerySchema,
  LocationsResponseSchema,
  type LocationsResponse,
} from '@contract/reference';
import { badRequest, notFound } from '../../errors';
import { toLocation, type LocationFilter } from '../../plugins/app/reference/reference-repository';
import { foldText } from '@contract/text';

const DEFAULT_LENGTH = 100;

/** `types=country,region` and `types=country&types=region` both become ['country', 'region']. */
function splitTypes(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const query = request.query as Record<string, unknown> | null | undefined;
  const types = query?.types;
  if (query && (typeof types === 'string' || Array.isArray(types))) {
    query.types = ([] as unknown[])
      .concat(types)
      .flatMap((value) => (typeof value === 'string' ? value.split(',') : [value]))
      .map((value) => (typeof value === 'string' ? value.trim() : value))
      .filter((value) => value !== '');
  }
  done();
}

const locations: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.get(
    '/locations',
    {
      schema: {
        tags: ['reference'],
        summary: "Locations: a list, nearest first for a point, or the caller's country (lat=geoip)",
        querystring: LocationsQuerySchema,
        response: { 200: LocationsResponseSchema, ...failedResponses },
      },
      preValidation: splitTypes,
      preHandler: app.authorize({ allowClient: true }),
    },
    async (request): Promise<LocationsResponse> => {
      const query = request.query;
      const basic = query.basic === true;
      const page = { limit: query.length ?? query.limit ?? DEFAULT_LENGTH, skip: query.skip ?? 0 };
      const term = query.search_term?.trim() ?? '';
      const search = foldText(term);
      // Only punctuation (say "%" or "-"): nothing can match, and everything is not what was asked.
      if (term !== '' && search === '') return { status: 'success', locations: [] };
      const filter: LocationFilter = {
        ...(query.types ? { types: query.types } : {}),
        withSpeciesOnly: query.with_species_only === true,
        ...(search ? { search } : {}),
        ...(query.parent_id !== undefined ? { parentId: query.parent_id } : {}),
      };

      if (query.lat === 'geoip' || query.lng === 'geoip') {
        const country = app.geoip.country(request.ip);
        const found = country === null ? undefined : await app.reference.findCountryByIso(country);
        const location = found ?? (await app.reference.defaultLocation());
        return {
          status: 'success',
          locations: location ? [toLocation(location, basic)] : [],
          geoip: { country, fallback: found === undefined },
        };
      }

      if (query.lat !== undefined || query.lng !== undefined) {
        if (typeof query.lat !== 'number' || typeof query.lng !== 'number') {
          throw badRequest(messages.locationCoordinatesIncomplete);
        }
        const rows = await app.reference.nearest({ lat: query.lat, lng: query.lng }, filter, page);
        return { status: 'success', locations: rows.map((row) => toLocation(row, basic)) };
      }

      const rows = await app.reference.list(filter, page);
      return { status: 'success', locations: rows.map((row) => toLocation(row, basic)) };
    },
  );

  app.get(
    '/locations/:id',
    {
      schema: {
        tags: ['reference'],
        summary: 'One location with its parent and children',
        params: LocationIdParamsSchema,
        response: { 200: LocationResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize({ allowClient: true }),
    },
    async (request) => {
      const row = await app.reference.findById(request.params.id);
      if (!row) throw notFound(messages.locationNotFound);
      const children = await app.reference.children(row.id);
      return {
        status: 'success' as const,
        location: {
          ...toLocation(row, false),
          parent:
            row.parent_id !== null
              ? { id: row.parent_id, name: row.parent_name ?? '', type: row.parent_type ?? 'country' }
              : null,
          children,
        },
      };
    },
  );
  done();
};

export default locations;
