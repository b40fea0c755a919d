/**
 * Help (SPEC §7 "Reference data"; docs/api.md "Content pages and help"):
 * - GET help[?include_content=true]: the categories in order, each with its topics in order; with
 *   include_content every topic's Markdown too (the app asks for it, so one visit online fills
 *   every help page for offline use);
 * - GET help/{topic}: one topic by its slug (or its id) with its Markdown and its category.
 * An unknown or deleted topic is 404. Anyone may read help, a client token is enough.
 * Administration (SPEC §6: role admin or the admin-help permission with the flag):
 * - PUT help/{id}: creates (admin-help:c) or replaces (admin-help:u) a topic, and its category
 *   when `category_title` is given;
 * - DELETE help/{id} (admin-help:d): removes the topic.
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
import {
  HELP_CREATE,
  HELP_DELETE,
  HELP_UPDATE,
  HelpIdParamsSchema,
  HelpTopicWriteResponseSchema,
  HelpTopicWriteSchema,
  type HelpTopicWriteResponse,
} from '@contract/contentAdmin';
import { OkSchema, failedResponses, type Ok } from '@contract/envelope';
import { messages } from '@contract/messages';
import { canAccess } from '@contract/permissions';
import { forbidden, notFound } from '../../errors';
import { memberOf } from '../../plugins/app/auth/guard';

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

  app.put(
    '/help/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'Create (admin-help:c) or replace (admin-help:u) a help topic; the body is Markdown',
        params: HelpIdParamsSchema,
        body: HelpTopicWriteSchema,
        response: { 200: HelpTopicWriteResponseSchema, ...failedResponses },
      },
      // Signed in here; which flag is needed depends on whether the id is new (below).
      preHandler: app.authorize(),
    },
    async (request): Promise<HelpTopicWriteResponse> => {
      const id = request.params.id.toLowerCase();
      const rule = (await app.contentWrites.topicExists(id)) ? HELP_UPDATE : HELP_CREATE;
      if (!canAccess(memberOf(request), rule)) throw forbidden();
      const { slug, created } = await app.contentWrites.putTopic(id, request.body);
      const found = await app.content.topic(slug);
      if (!found) throw notFound(messages.helpTopicNotFound);
      return { status: 'success', ...found, created };
    },
  );

  app.delete(
    '/help/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'Remove a help topic (admin, or admin-help:d)',
        params: HelpIdParamsSchema,
        response: { 200: OkSchema, ...failedResponses },
      },
      preHandler: app.authorize(HELP_DELETE),
    },
    async (request): Promise<Ok> => {
      await app.contentWrites.deleteTopic(request.params.id.toLowerCase());
      return { status: 'success' };
    },
  );

  done();
};

export default help;
