/**
 * The community plugin (issue 16): decorates `app.community` with people and follows (people.ts),
 * groups (groups.ts) and the newsfeed (feed.ts). Tables: 202611280011_community.sql.
 */
import fp from 'fastify-plugin';
import { Feed } from './feed';
import { Groups } from './groups';
import { People } from './people';

export interface CommunityService {
  people: People;
  feed: Feed;
  groups: Groups;
}

declare module 'fastify' {
  interface FastifyInstance {
    community: CommunityService;
  }
}

export default fp(
  (app, _options, done) => {
    app.decorate('community', {
      people: new People(app.db, app.clock),
      feed: new Feed(app.db, app.clock, app.media.observationPhotos),
      groups: new Groups(app.db, app.clock),
    });
    done();
  },
  { name: 'community', dependencies: ['db', 'media'], fastify: '5.x' },
);
