/**
 * PUT/DELETE locations/{id} (SPEC §7 "Reference data"; SPEC §6: locations need role admin). PUT
 * creates or replaces a location and its animal-group flags; DELETE answers 409 naming what still
 * uses the location (docs/places.md "Locations").
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { failedResponses, OkSchema } from '@contract/envelope';
import { messages } from '@contract/messages';
import { LocationInputSchema } from '@contract/places';
import { LocationIdParamsSchema, LocationResponseSchema } from '@contract/reference';
import { notFound } from '../../errors';
import { toLocation } from '../../plugins/app/reference/reference-repository';

const locationWrites: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const admin = app.authorize({ role: 'admin' });

  app.put(
    '/locations/:id',
    {
      schema: {
        tags: ['reference'],
        summary: 'Create or replace a location and which animal groups are active there (admin)',
        params: LocationIdParamsSchema,
        body: LocationInputSchema,
        response: { 200: LocationResponseSchema, 201: LocationResponseSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request, reply) => {
      const created = await app.places.locationWrites.put(request.params.id, request.body);
      const row = await app.reference.findById(request.params.id);
      if (!row) throw notFound(messages.locationNotFound);
      const children = await app.reference.children(row.id);
      return reply.code(created ? 201 : 200).send({
        status: 'success' as const,
        location: {
          ...toLocation(row, false),
          parent:
            row.parent_id !== null
              ? { id: row.parent_id, name: row.parent_name ?? '', type: row.parent_type ?? 'country' }
              : null,
          children,
        },
      });
    },
  );

  app.delete(
    '/locations/:id',
    {
      schema: {
        tags: ['reference'],
        summary: 'Delete a location nothing uses (admin); 409 names what still uses it',
        params: LocationIdParamsSchema,
        response: { 200: OkSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request) => {
      await app.places.locationWrites.remove(request.params.id);
      return { status: 'success' as const };
    },
  );
  done();
};

export default locationWrites;
