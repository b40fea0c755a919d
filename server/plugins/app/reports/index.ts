/**
 * The issue reports plugin: decorates `app.reports` (ReportsRepository) for `routes/report_issue`.
 * Hiding a sighting goes through the observations plugin's writes (the collection push), so it
 * depends on that plugin; disabling a reported member ends their sessions through the auth plugin.
 */
import fp from 'fastify-plugin';
import { ReportsRepository } from './reports-repository';
import { ReportSubjects } from './subjects';

declare module 'fastify' {
  interface FastifyInstance {
    reports: ReportsRepository;
  }
}

export default fp(
  (app, _options, done) => {
    const subjects = new ReportSubjects(app.db, app.observations, (userId) =>
      app.tokens.revokeUserTokens(userId),
    );
    app.decorate('reports', new ReportsRepository(app.db, app.clock, subjects));
    done();
  },
  { name: 'reports', dependencies: ['db', 'observations', 'auth'], fastify: '5.x' },
);
