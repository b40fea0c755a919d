import Fastify from 'fastify';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { validationOptions } from './validation';

async function echo(request: {
  url: string;
  payload?: Record<string, unknown>;
}): Promise<{ statusCode: number; json: () => unknown }> {
  const app = Fastify(validationOptions);
  const schema = Type.Object(
    { value: Type.Union([Type.String(), Type.Null()]), flag: Type.Optional(Type.Boolean()) },
    { additionalProperties: false },
  );
  app.post(
    '/',
    { schema: { body: schema, querystring: Type.Object({ flag: Type.Optional(Type.Boolean()) }) } },
    (req) => ({ body: req.body, query: req.query }),
  );
  const response = await app.inject({
    method: 'POST',
    url: request.url,
    ...(request.payload ? { payload: request.payload } : {}),
  });
  await app.close();
  return response;
}

describe('request validation', () => {
  it('coerces the query string but never the body', async () => {
    const ok = await echo({ url: '/?flag=true', payload: { value: null } });
    expect(ok.json()).toEqual({ body: { value: null }, query: { flag: true } });
    const coerced = await echo({ url: '/', payload: { value: null, flag: 'true' } });
    expect(coerced.statusCode).toBe(400);
  });

  it('rejects unknown body fields instead of stripping them', async () => {
    expect((await echo({ url: '/', payload: { value: 'x', extra: 1 } })).statusCode).toBe(400);
  });
});
