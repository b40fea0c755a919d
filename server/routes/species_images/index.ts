/**
 * GET species_images (docs/api.md "Species gallery"; the /species-gallery page): for the species on
 * a member's list, the newest photo of a live public sighting of each. SPEC §7 names no gallery
 * call (only the per-species GET species/{id}/images), so this path is ours, beside
 * species_targeted. The list is the one `POST species` answers for the same location and
 * classifications (its filter, app.species.listWhere); which photos count is the rule of GET
 * species/{id}/images (SpeciesPhotos). The answer carries nothing of the sighting: no id, position
 * or member, so a hidden coordinate stays hidden. A client token is enough, as for the species list.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { failedResponses } from '@contract/envelope';
import { SpeciesGalleryQuerySchema, SpeciesGalleryResponseSchema } from '@contract/media';
import { messages } from '@contract/messages';
import { notFound } from '../../errors';
import { ALL_CLASSIFICATIONS, scopeOf } from '../../plugins/app/species/classifications';

const speciesImages: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.get(
    '/species_images',
    {
      schema: {
        tags: ['species'],
        summary:
          'Per species on a list (location, classifications), the newest photo of a public sighting; paged',
        querystring: SpeciesGalleryQuerySchema,
        response: { 200: SpeciesGalleryResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize({ allowClient: true }),
    },
    async (request) => {
      const { location_id, classifications, skip, limit } = request.query;
      const named = (classifications ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== '');
      const scope = scopeOf(named.length > 0 ? named : ALL_CLASSIFICATIONS);
      const place = location_id === undefined ? undefined : await app.reference.findById(location_id);
      if (location_id !== undefined && !place) throw notFound(messages.locationNotFound);
      // The place and its parent (a US state and the United States), as POST species keys the list.
      const locationIds = place ? [place.id, ...(place.parent_id === null ? [] : [place.parent_id])] : null;
      const listWhere = app.species.listWhere({ scope, locationIds });
      const page = await app.media.speciesPhotos.newestPublicPerSpecies({ listWhere, skip, limit });
      return { status: 'success' as const, ...page };
    },
  );
  done();
};

export default speciesImages;
