/**
 * GET languages (SPEC §7 "Reference data"): the languages names are available in, for the
 * config dialog's "Additional Language" picker; English is the default (SPEC §9).
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { failedResponses } from '@contract/envelope';
import { LanguagesResponseSchema } from '@contract/reference';

const languages: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.get(
    '/languages',
    {
      schema: {
        tags: ['reference'],
        summary: 'Languages for names',
        response: { 200: LanguagesResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize({ allowClient: true }),
    },
    async () => ({ status: 'success' as const, languages: await app.reference.languages() }),
  );
  done();
};

export default languages;
