/**
 * The ebooks plugin: decorates `app.ebooks` for `routes/ebooks` — the books, chapters, chapter
 * species and page templates (ebooks-repository.ts) and the media library (ebook-media.ts), whose
 * pictures go through the media plugin's store and photo pipeline.
 */
import fp from 'fastify-plugin';
import type { AppPluginOptions } from '../../../app';
import { EbookMediaLibrary } from './ebook-media';
import { EbooksRepository } from './ebooks-repository';

export interface EbooksService {
  books: EbooksRepository;
  media: EbookMediaLibrary;
}

declare module 'fastify' {
  interface FastifyInstance {
    ebooks: EbooksService;
  }
}

export default fp<AppPluginOptions>(
  (app, { config }, done) => {
    const media = new EbookMediaLibrary(app.db, app.clock, app.media.store, config.mediaPublicBase, app.log);
    const books = new EbooksRepository(app.db, app.clock, (id) => media.thumbnailUrl(id));
    app.decorate('ebooks', { books, media });
    done();
  },
  { name: 'ebooks', dependencies: ['db', 'media'], fastify: '5.x' },
);
