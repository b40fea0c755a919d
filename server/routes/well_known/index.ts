/**
 * GET /.well-known/assetlinks.json and /.well-known/apple-app-site-association: what Chrome and
 * Android (TWA verification, App Links) and iOS (universal links, shared credentials) fetch from the
 * origin, built from the product config and this deployment's signing identity (server/signing.ts).
 * Both must be JSON with `application/json` and no redirect. These two live at the site root, not
 * under /api/v1.0, so the plugin is wrapped with fastify-plugin: the route prefix autoload passes
 * does not apply to it. Without the identity the document is 404, never an empty promise.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { failedResponses } from '@contract/envelope';
import { messages } from '@contract/messages';
import { product } from '@config/product';
import { appleAppSiteAssociation, assetLinks } from '@config/wellKnown';
import { readSigningIdentity } from '../../signing';

const AssetLinksSchema = Type.Array(
  Type.Object({
    relation: Type.Array(Type.String()),
    target: Type.Object({
      namespace: Type.Literal('android_app'),
      package_name: Type.String(),
      sha256_cert_fingerprints: Type.Array(Type.String()),
    }),
  }),
);

const AppleAppSiteAssociationSchema = Type.Object({
  applinks: Type.Object({
    details: Type.Array(
      Type.Object({
        appIDs: Type.Array(Type.String()),
        components: Type.Array(Type.Object({ '/': Type.String(), exclude: Type.Optional(Type.Boolean()) })),
      }),
    ),
  }),
  webcredentials: Type.Object({ apps: Type.Array(Type.String()) }),
});

/** Devices cache verification results; an hour keeps a rotated key from lingering for long. */
const CACHE = 'public, max-age=3600';

const wellKnown: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.get(
    '/.well-known/assetlinks.json',
    {
      schema: {
        tags: ['system'],
        summary: 'Digital Asset Links: the Android app (TWA) this origin trusts',
        response: { 200: AssetLinksSchema, ...failedResponses },
      },
    },
    async (_request, reply) => {
      const { androidFingerprints } = readSigningIdentity();
      if (!androidFingerprints.length) {
        return reply.code(404).send({ status: 'failed' as const, reason: messages.notFound });
      }
      return reply
        .type('application/json')
        .header('cache-control', CACHE)
        .send(assetLinks(product, androidFingerprints));
    },
  );

  app.get(
    '/.well-known/apple-app-site-association',
    {
      schema: {
        tags: ['system'],
        summary: 'Apple app-site association: universal links and web credentials for the iOS app',
        response: { 200: AppleAppSiteAssociationSchema, ...failedResponses },
      },
    },
    async (_request, reply) => {
      const { appleTeamId } = readSigningIdentity();
      if (!appleTeamId) return reply.code(404).send({ status: 'failed' as const, reason: messages.notFound });
      return reply
        .type('application/json')
        .header('cache-control', CACHE)
        .send(appleAppSiteAssociation(product, appleTeamId));
    },
  );
  done();
};

export default fp(wellKnown, { name: 'well-known', fastify: '5.x' });
