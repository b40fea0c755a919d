/**
 * The user administration plugin: decorates `app.userAdmin` (UserAdmin) for `routes/admin`.
 * Disabling a member ends their sessions through the auth plugin's token store.
 */
import fp from 'fastify-plugin';
import { UserAdmin } from './user-admin';

declare module 'fastify' {
  interface FastifyInstance {
    userAdmin: UserAdmin;
  }
}

export default fp(
  (app, _options, done) => {
    app.decorate(
      'userAdmin',
      new UserAdmin(app.db, app.clock, (userId) => app.tokens.revokeUserTokens(userId)),
    );
    done();
  },
  { name: 'user-admin', dependencies: ['db', 'auth'], fastify: '5.x' },
);
