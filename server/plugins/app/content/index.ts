/**
 * The content plugin: decorates `app.content` (ContentRepository) for the read side of content
 * pages (`routes/cms`) and help (`routes/help`). The rows are seeded at start-up
 * (server/db/content/seed.ts); the admin writes (PUT/DELETE cms/pages/{id}, help/{id}) arrive with
 * the administration issue and belong beside the reads in content-repository.ts.
 */
import fp from 'fastify-plugin';
import { ContentRepository } from './content-repository';

declare module 'fastify' {
  interface FastifyInstance {
    content: ContentRepository;
  }
}

export default fp(
  (app, _options, done) => {
    app.decorate('content', new ContentRepository(app.db));
    done();
  },
  { name: 'content', dependencies: ['db'], fastify: '5.x' },
);
