/**
 * The content plugin: decorates `app.content` (ContentRepository) for the read side of content
 * pages (`routes/cms`) and help (`routes/help`), and `app.contentWrites` (ContentWrites) for their
 * administration. The first rows are seeded at start-up (server/db/content/seed.ts).
 */
import fp from 'fastify-plugin';
import { ContentRepository } from './content-repository';
import { ContentWrites } from './content-writes';

declare module 'fastify' {
  interface FastifyInstance {
    content: ContentRepository;
    contentWrites: ContentWrites;
  }
}

export default fp(
  (app, _options, done) => {
    app.decorate('content', new ContentRepository(app.db));
    app.decorate('contentWrites', new ContentWrites(app.db, app.clock));
    done();
  },
  { name: 'content', dependencies: ['db'], fastify: '5.x' },
);
