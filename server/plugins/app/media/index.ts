/**
 * Media plugin: decorates `app.media` with the media store (the file adapter under MEDIA_DIR, or
 * DATA_DIR/media; see store.ts), the species photos service (species-photos.ts) and the location
 * outlines the distribution maps are drawn from (distribution.ts), read once here. Tests may pass
 * their own `store`.
 */
import fp from 'fastify-plugin';
import type { ServerConfig } from '../../../config';
import { OUTLINES_FILE } from '../../../db/reference/outlines';
import { loadOutlines, type LocationOutlines } from './distribution';
import { SpeciesPhotos } from './species-photos';
import { createFileMediaStore, defaultMediaDir, type MediaStore } from './store';

export interface MediaService {
  store: MediaStore;
  speciesPhotos: SpeciesPhotos;
  outlines: LocationOutlines;
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
  async (app, { config, store }) => {
    const chosen = store ?? createFileMediaStore({ dir: defaultMediaDir(config) });
    const outlines = await loadOutlines(OUTLINES_FILE);
    app.decorate('media', {
      store: chosen,
      speciesPhotos: new SpeciesPhotos(app.db, app.clock, chosen, config.mediaPublicBase, app.log),
      outlines,
    });
  },
  { name: 'media', dependencies: ['db'], fastify: '5.x' },
);
