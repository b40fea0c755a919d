/**
 * The collection sync protocol (SPEC §7; docs/sync.md), for every collection in `app.collections`:
 * - GET collection/{name}?last_mod=…&filter=…&limit=…: changes after the cursor, oldest first, at
 *   most 1000, with `more` and the next `last_mod`;
 * - POST collection/{name}/verify {data: [{id, rev}]}: the ids the server needs;
 * - PUT collection/{name} {data: records}: stores each record whose revision wins; the rest are
 *   answered as ignored (still 200, so the client clears its dirty mark).
 * A member token is required, except that a client token may pull a read-only collection (species
 * are reference data: guests sync them after choosing a config); a client token on a member
 * collection gets 401. Unknown name → 404; verify or PUT on a read-only collection (species) → 403.
 * A push with a record that cannot be stored (record-checks.ts) answers 400 naming each such
 * record in `refused` and stores nothing. PUT accepts bodies up to PUSH_BODY_LIMIT_BYTES, so a full batch of 1000 records fits with about
 * 8 KB per record.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { failedResponses } from '@contract/envelope';
import { formatMessage, messages } from '@contract/messages';
import { findUnsafeValue } from '@contract/safeText';
import {
  CollectionParamsSchema,
  PullQuerySchema,
  PullResponseSchema,
  PushRefusedSchema,
  PushRequestSchema,
  PushResponseSchema,
  VerifyRequestSchema,
  VerifyResponseSchema,
} from '@contract/sync';
import { ApiError, badRequest, forbidden, notFound, unauthorized } from '../../errors';
import { memberOf } from '../../plugins/app/auth/guard';
import type {
  CollectionSource,
  PullResult,
  WritableCollectionSource,
} from '../../plugins/app/collections/source';

/** 8 MB: a 1000-record push at the app-wide 1 MB limit would leave ~1 KB per record. */
export const PUSH_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

function parseFilter(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined || text === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest(messages.syncFilterInvalid);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest(messages.syncFilterInvalid);
  }
  // Escaped in the JSON text, a NUL reaches jsonb only after parsing.
  if (findUnsafeValue(value)) throw badRequest(messages.syncFilterInvalid);
  return value as Record<string, unknown>;
}

const collection: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const member = app.authorize();
  // Pulls: a client token passes the guard; the handler refuses it for a member collection.
  const memberOrClient = app.authorize({ allowClient: true });

  function sourceOf(name: string): CollectionSource {
    const source = app.collections.get(name);
    if (!source) throw notFound(messages.collectionNotFound);
    return source;
  }

  function writableSourceOf(name: string): WritableCollectionSource {
    const source = sourceOf(name);
    if (source.readOnly) throw forbidden(messages.collectionReadOnly);
    return source;
  }

  app.get(
    '/collection/:name',
    {
      schema: {
        tags: ['sync'],
        summary: 'Pull: the changes after last_mod, oldest first, in batches of at most 1000',
        params: CollectionParamsSchema,
        querystring: PullQuerySchema,
        response: { 200: PullResponseSchema, ...failedResponses },
      },
      preHandler: memberOrClient,
    },
    async (request) => {
      const source = sourceOf(request.params.name);
      const { last_mod, limit, with_total } = request.query;
      const options = {
        lastMod: last_mod,
        filter: parseFilter(request.query.filter),
        limit,
        withTotal: with_total,
      };
      const principal = request.principal;
      let result: PullResult;
      if (principal?.kind === 'member') result = await source.pull({ memberId: principal.userId }, options);
      else if (source.readOnly) result = await source.pull(null, options);
      else throw unauthorized(messages.signInRequired);
      return {
        status: 'success' as const,
        records: result.records,
        more: result.more,
        last_mod: result.lastMod,
        ...(result.total === undefined ? {} : { total: result.total }),
        ...(result.loading === undefined ? {} : { loading: result.loading }),
      };
    },
  );

  app.post(
    '/collection/:name/verify',
    {
      schema: {
        tags: ['sync'],
        summary: 'Which of these revisions the server needs (unknown ids, or revisions that win)',
        params: CollectionParamsSchema,
        body: VerifyRequestSchema,
        response: { 200: VerifyResponseSchema, ...failedResponses },
      },
      preHandler: member,
    },
    async (request) => {
      const source = writableSourceOf(request.params.name);
      const needed = await source.verify({ memberId: memberOf(request).userId }, request.body.data);
      return { status: 'success' as const, needed };
    },
  );

  app.put(
    '/collection/:name',
    {
      bodyLimit: PUSH_BODY_LIMIT_BYTES,
      // Records are checked one by one below (record-checks.ts), so a refusal names their ids.
      config: { ownInputChecks: true },
      schema: {
        tags: ['sync'],
        summary: 'Push: store each record whose revision wins; the rest are answered as ignored',
        params: CollectionParamsSchema,
        body: PushRequestSchema,
        response: { 200: PushResponseSchema, ...failedResponses, 400: PushRefusedSchema },
      },
      preHandler: member,
    },
    async (request) => {
      const source = writableSourceOf(request.params.name);
      const context = { memberId: memberOf(request).userId };
      // The push is atomic: one record that cannot be stored refuses the batch, naming every such
      // record, so a device parks exactly those and sends the rest again (src/db/sync/push.ts).
      const refused = source.refusals(context, request.body.data);
      const [first] = refused;
      if (first) {
        throw new ApiError(
          400,
          formatMessage(messages.syncRecordRefused, { id: first.id, reason: first.reason }),
          { refused },
        );
      }
      const result = await source.push(context, request.body.data);
      return { status: 'success' as const, accepted: result.accepted, ignored: result.ignored };
    },
  );
  done();
};

export default collection;
