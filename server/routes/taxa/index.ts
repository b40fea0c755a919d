/**
 * Animal-group classifications (SPEC §7 "Reference data", §3 "Taxa classification"):
 * - GET taxa/classifications[?location_id=…]: the groups of the config dialog with their category
 *   choices; for a location, `active` and `coverage` say whether it has a list there (a region
 *   inherits its country's; SPEC §5: an inactive group cannot be ticked);
 * - GET taxa: the roots of the classification tree (the groups); GET taxa/{id}/children.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { failedResponses } from '@contract/envelope';
import { messages } from '@contract/messages';
import {
  ClassificationsQuerySchema,
  ClassificationsResponseSchema,
  TaxaResponseSchema,
  TaxonIdParamsSchema,
} from '@contract/reference';
import { notFound } from '../../errors';
import { classificationGroups, taxaChildren, taxaRoots } from '../../plugins/app/reference/taxa';

const taxa: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const guard = app.authorize({ allowClient: true });

  app.get(
    '/taxa/classifications',
    {
      schema: {
        tags: ['reference'],
        summary: 'Animal groups and their classifications, active per location',
        querystring: ClassificationsQuerySchema,
        response: { 200: ClassificationsResponseSchema, ...failedResponses },
      },
      preHandler: guard,
    },
    async (request) => {
      const rows = await app.reference.classifications();
      const locationId = request.query.location_id;
      if (locationId === undefined) {
        return {
          status: 'success' as const,
          location_id: null,
          classifications: classificationGroups(rows, null),
        };
      }
      const location = await app.reference.findById(locationId);
      if (!location) throw notFound(messages.locationNotFound);
      const coverage = await app.reference.coverageAt(location);
      return {
        status: 'success' as const,
        location_id: location.id,
        classifications: classificationGroups(rows, coverage),
      };
    },
  );

  app.get(
    '/taxa',
    {
      schema: {
        tags: ['reference'],
        summary: 'Roots of the classification tree (animal groups)',
        response: { 200: TaxaResponseSchema, ...failedResponses },
      },
      preHandler: guard,
    },
    async () => ({ status: 'success' as const, taxa: taxaRoots(await app.reference.classifications()) }),
  );

  app.get(
    '/taxa/:id/children',
    {
      schema: {
        tags: ['reference'],
        summary: 'Children of a node of the classification tree',
        params: TaxonIdParamsSchema,
        response: { 200: TaxaResponseSchema, ...failedResponses },
      },
      preHandler: guard,
    },
    async (request) => {
      const children = taxaChildren(await app.reference.classifications(), request.params.id);
      if (children === undefined) throw notFound();
      return { status: 'success' as const, taxa: children };
    },
  );
  done();
};

export default taxa;
