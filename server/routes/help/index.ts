/**
 * Help (SPEC §7 "Reference data"; docs/api.md "Content pages and help"):
 * - GET help[?include_content=true]: the categories in order, each with its topics in order; with
 *   include_content every topic's Markdown too (the app asks for it, so one visit online fills
 *   every help page for offline use);
 * - GET help/{topic}: one topic by its slug (or its id) with its Markdown and its category.
 * An unknown or deleted topic is 404. Anyone may read help, a client token is enough. The admin
 * writes (PUT/DELETE help/{id}) come with the administration issue.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import {
  HelpQuerySchema,
  HelpResponseSchema,
  HelpTopicParamsSchema,
  HelpTopicResponseSchema,
  type HelpResponse,
  type HelpTopicResponse,
} from '@contract/content';
import { failedResponses } from '@contract/envelope';
import { messages } from '@contract/messages';
import { notFound } from '../../errors';

const help: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const anyone = app.authorize({ allowClient: true });

  app.get(
    '/help',
    {
      schema: {
        tags: ['content'],
        summary: 'Help: categories with their topics; include_content=true adds each topic as Markdown',
        querystring: HelpQuerySchema,
        response: { 200: HelpResponseSchema, ...failedResponses },
      },
      preHandler: anyone,
    },
    async (request): Promise<HelpResponse> => ({
      status: 'success',
      categories: await app.content.help(request.query.include_content),
    }),
  );

  app.get(
    '/help/:topic',
    {
      schema: {
        tags: ['content'],
        summary: 'One help topic by its slug (or id), as Markdown, with its category',
        params: HelpTopicParamsSchema,
        response: { 200: HelpTopicResponseSchema, ...failedResponses },
      },
      preHandler: anyone,
    },
    async (request): Promise<HelpTopicResponse> => {
      const found = await app.content.topic(request.params.topic);
      if (!found) throw notFound(messages.helpTopicNotFound);
      return { status: 'success', ...found };
    },
  );

  done();
};

export default help;
