/**
 * The community plugin (issue 16): decorates `app.community` with people and follows (people.ts),
 * groups (groups.ts) and the newsfeed (feed.ts). Tables: 202611280011_community.sql.
 */
import fp from 'fastify-plugin';
import { People } from './people';

export interface CommunityService {
  people: People;
}

declare module 'fastify' {
  interface FastifyInstance {
    community: CommunityService;
  }
}

export default fp(
  (app, _options, done) => {
    app.decorate('community', { people: new People(app.db, app.clock) });
    done();
  },
  { name: 'community', dependencies: ['db'], fastify: '5.x' },
);
