/**
 * Ads (SPEC §7 "Ads"; docs/api.md "Ads").
 * For everyone (a client token is enough: guests read the newsfeed and the map too):
 * - GET ads/impression[/{id}] (placement, location_id): a running ad for the viewer's region;
 * - GET ads/map[/{id}] (bounds, rand, zoom): running map ads inside the box;
 * - PUT ads/{id}/view/{x} (views, view_time, first_view, last_view, clicked?): one view's totals;
 * - PUT ads/{id}/scrollby/{x} (last_view): shown but scrolled past.
 * For ads admins (SPEC §6: admin-ads:r, a new ad admin-ads:c; also the roles admin and admin-ads):
 * - GET ads[/{id}] (include_all), GET ads/{id}/stats, PUT ads/{id}, DELETE ads/{id}.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AdIdParamsSchema,
  AdImpressionQuerySchema,
  AdImpressionResponseSchema,
  AdListQuerySchema,
  AdListResponseSchema,
  AdMapQuerySchema,
  AdMapResponseSchema,
  AdOptionalIdParamsSchema,
  AdResponseSchema,
  AdScrollBySchema,
  AdStatsResponseSchema,
  AdViewParamsSchema,
  AdViewSchema,
  AdWriteResponseSchema,
  AdWriteSchema,
  canManageAds,
  type AdImpressionResponse,
  type AdListResponse,
  type AdMapResponse,
  type AdResponse,
  type AdStatsResponse,
  type AdWriteResponse,
} from '@contract/ads';
import { OkSchema, failedResponses, type Ok } from '@contract/envelope';
import { messages } from '@contract/messages';
import { parseBounds } from '@contract/places';
import { badRequest, forbidden, notFound } from '../../errors';
import { memberOf, viewerOf } from '../../plugins/app/auth/guard';

type Flag = 'r' | 'c' | 'u' | 'd';

/** Runs after the guard: the member must manage ads with `flag`. */
function requireAds(flag: Flag) {
  return (request: FastifyRequest, _reply: FastifyReply, next: (error?: Error) => void) => {
    next(canManageAds(memberOf(request), flag) ? undefined : forbidden());
  };
}

const ads: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const anyone = app.authorize({ allowClient: true });
  const member = app.authorize();

  for (const path of ['/ads/impression', '/ads/impression/:id']) {
    app.get(
      path,
      {
        schema: {
          tags: ['ads'],
          summary: 'An ad running now for the placement and region (or ad {id}); counts an impression',
          params: AdOptionalIdParamsSchema,
          querystring: AdImpressionQuerySchema,
          response: { 200: AdImpressionResponseSchema, ...failedResponses },
        },
        preHandler: anyone,
      },
      async (request): Promise<AdImpressionResponse> => {
        const location = request.query.location_id ?? (await app.ads.viewerLocation(viewerOf(request)));
        const id = request.params.id?.toLowerCase();
        return { status: 'success', ad: await app.ads.impression(request.query.placement, location, id) };
      },
    );
  }

  for (const path of ['/ads/map', '/ads/map/:id']) {
    app.get(
      path,
      {
        schema: {
          tags: ['ads'],
          summary: 'Map ads running now inside the box (at most 3, none below zoom 3)',
          params: AdOptionalIdParamsSchema,
          querystring: AdMapQuerySchema,
          response: { 200: AdMapResponseSchema, ...failedResponses },
        },
        preHandler: anyone,
      },
      async (request): Promise<AdMapResponse> => {
        const box = parseBounds(request.query.bounds);
        if (typeof box === 'string') throw badRequest(box);
        const id = request.params.id?.toLowerCase();
        return {
          status: 'success',
          ads: await app.ads.map(box, request.query.zoom, request.query.rand ?? false, id),
        };
      },
    );
  }

  app.put(
    '/ads/:id/view/:x',
    {
      schema: {
        tags: ['ads'],
        summary: "One view's totals so far (idempotent per view id x: resend freely)",
        params: AdViewParamsSchema,
        body: AdViewSchema,
        response: { 200: OkSchema, ...failedResponses },
      },
      preHandler: anyone,
    },
    async (request): Promise<Ok> => {
      const { id, x } = request.params;
      await app.ads.view(id.toLowerCase(), x, viewerOf(request), request.body);
      return { status: 'success' };
    },
  );

  app.put(
    '/ads/:id/scrollby/:x',
    {
      schema: {
        tags: ['ads'],
        summary: 'The ad was shown but scrolled past (view id x)',
        params: AdViewParamsSchema,
        body: AdScrollBySchema,
        response: { 200: OkSchema, ...failedResponses },
      },
      preHandler: anyone,
    },
    async (request): Promise<Ok> => {
      const { id, x } = request.params;
      await app.ads.scrollBy(id.toLowerCase(), x, viewerOf(request), request.body.last_view);
      return { status: 'success' };
    },
  );

  app.get(
    '/ads/:id/stats',
    {
      schema: {
        tags: ['ads'],
        summary: 'Impressions, views, view time, clicks and scroll-bys per UTC day (admin-ads:r)',
        params: AdIdParamsSchema,
        response: { 200: AdStatsResponseSchema, ...failedResponses },
      },
      preHandler: [member, requireAds('r')],
    },
    async (request): Promise<AdStatsResponse> => ({
      status: 'success',
      ...(await app.ads.stats(request.params.id.toLowerCase())),
    }),
  );

  app.get(
    '/ads',
    {
      schema: {
        tags: ['ads'],
        summary: 'Ads running now, or with include_all every ad not deleted (admin-ads:r)',
        querystring: AdListQuerySchema,
        response: { 200: AdListResponseSchema, ...failedResponses },
      },
      preHandler: [member, requireAds('r')],
    },
    async (request): Promise<AdListResponse> => ({
      status: 'success',
      ads: await app.ads.list(request.query.include_all),
    }),
  );

  app.get(
    '/ads/:id',
    {
      schema: {
        tags: ['ads'],
        summary: 'One ad with its scheduling and targeting (admin-ads:r)',
        params: AdIdParamsSchema,
        response: { 200: AdResponseSchema, ...failedResponses },
      },
      preHandler: [member, requireAds('r')],
    },
    async (request): Promise<AdResponse> => {
      const ad = await app.ads.get(request.params.id.toLowerCase());
      if (!ad) throw notFound(messages.adNotFound);
      return { status: 'success', ad };
    },
  );

  app.put(
    '/ads/:id',
    {
      schema: {
        tags: ['ads'],
        summary: 'Create (admin-ads:c) or replace (admin-ads:u) an ad',
        params: AdIdParamsSchema,
        body: AdWriteSchema,
        response: { 200: AdWriteResponseSchema, ...failedResponses },
      },
      preHandler: member,
    },
    async (request): Promise<AdWriteResponse> => {
      const id = request.params.id.toLowerCase();
      const flag: Flag = (await app.ads.exists(id)) ? 'u' : 'c';
      if (!canManageAds(memberOf(request), flag)) throw forbidden();
      return { status: 'success', ...(await app.ads.put(id, request.body)) };
    },
  );

  app.delete(
    '/ads/:id',
    {
      schema: {
        tags: ['ads'],
        summary: 'Delete an ad (admin-ads:d); its stats stay readable',
        params: AdIdParamsSchema,
        response: { 200: OkSchema, ...failedResponses },
      },
      preHandler: [member, requireAds('d')],
    },
    async (request): Promise<Ok> => {
      await app.ads.remove(request.params.id.toLowerCase());
      return { status: 'success' };
    },
  );

  done();
};

export default ads;
