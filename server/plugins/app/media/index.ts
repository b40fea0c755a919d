/**
 * Media plugin: decorates `app.media` with the media store (the file adapter under MEDIA_DIR, or
 * DATA_DIR/media; see store.ts), the species photos service (species-photos.ts), members' sighting
 * photos (observation-photos.ts, which asks the observations plugin whether a sighting is public), the
 * photos of places and field guides (place-photos.ts),
 * comments and likes on photos (media-comments.ts, media-likes.ts) and the location outlines the
 * distribution maps are drawn from (distribution.ts), read on the first map asked for and kept
 * (half a megabyte of JSON that start-up and most test apps never need). Tests may pass their own
 * `store`.
 */
import fp from 'fastify-plugin';
import type { ServerConfig } from '../../../config';
import { OUTLINES_FILE } from '../../../db/reference/outlines';
import { loadOutlines, type LocationOutlines } from './distribution';
import { MediaComments } from './media-comments';
import { MediaLikes } from './media-likes';
import { ObservationPhotos } from './observation-photos';
import { PlacePhotos } from './place-photos';
import { SpeciesPhotos } from './species-photos';
import { createFileMediaStore, defaultMediaDir, type MediaStore } from './store';

export interface MediaService {
  store: MediaStore;
  speciesPhotos: SpeciesPhotos;
  observationPhotos: ObservationPhotos;
  /** Photos of places and field guides (admins upload them; place-photos.ts). */
  placePhotos: PlacePhotos;
  comments: MediaComments;
  likes: MediaLikes;
  /** The outlines, parsed once on first use; a failed read is retried on the next call. */
  outlines: () => Promise<LocationOutlines>;
}

declare module 'fastify' {
  interface FastifyInstance {
    media: MediaService;
  }
}

export interface MediaPluginOptions {
  config: ServerConfig;
  store?: MediaStore;
}

export default fp<MediaPluginOptions>(
  (app, { config, store }, done) => {
    const chosen = store ?? createFileMediaStore({ dir: defaultMediaDir(config) });
    let outlines: Promise<LocationOutlines> | undefined;
    const loadOnce = () =>
      (outlines ??= loadOutlines(OUTLINES_FILE).catch((error: unknown) => {
        outlines = undefined;
        throw error;
      }));
    app.decorate('media', {
      store: chosen,
      speciesPhotos: new SpeciesPhotos(app.db, app.clock, chosen, config.mediaPublicBase, app.log),
      observationPhotos: new ObservationPhotos(
        app.db,
        app.clock,
        chosen,
        config.mediaPublicBase,
        app.observations.reads,
        app.log,
      ),
      placePhotos: new PlacePhotos(app.db, app.clock, chosen, config.mediaPublicBase, app.log),
      comments: new MediaComments(app.db, app.clock),
      likes: new MediaLikes(app.db, app.clock),
      outlines: loadOnce,
    });
    done();
  },
  { name: 'media', dependencies: ['db', 'observations'], fastify: '5.x' },
);
