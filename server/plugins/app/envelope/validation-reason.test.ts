import Fastify, { type FastifyError } from 'fastify';
import { describe, expect, it } from 'vitest';
import { LoginRequestSchema, RegisterRequestSchema } from '@contract/auth';
import { messages } from '@contract/messages';
import { UpdateUserRequestSchema } from '@contract/users';
import { validationOptions } from '../../../validation';
import { validationReason } from './validation-reason';

/** Validates through Fastify with the app's Ajv options, so these are the errors routes really see. */
async function reasonFor(
  schema: object,
  body: unknown,
  fieldMessages?: Record<string, string>,
): Promise<string> {
  const app = Fastify(validationOptions);
  let reason = '(body was accepted)';
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    reason = validationReason(error.validation ?? [], error.validationContext, fieldMessages);
    return reply.code(400).send();
  });
  app.post('/', { schema: { body: schema } }, () => 'ok');
  await app.inject({
    method: 'POST',
    url: '/',
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  await app.close();
  return reason;
}

const registerMessages = {
  terms_accepted: messages.registerTermsRequired,
  firstname: messages.registerFieldsRequired,
  nickname: messages.registerFieldsRequired,
  username: messages.registerFieldsRequired,
  password: messages.registerFieldsRequired,
};

describe('validationReason', () => {
  it('names the field and says what is wrong with an email', async () => {
    expect(await reasonFor(LoginRequestSchema, { username: 'not-an-email', password: 'x' })).toBe(
      'username: must be a valid email address',
    );
  });

  it('reports the branch the client meant in a union body', async () => {
    expect(await reasonFor(LoginRequestSchema, { method: 'social', provider: 'google' })).toBe(
      'access_token: is required',
    );
    expect(await reasonFor(LoginRequestSchema, { method: 'refresh' })).toBe('access_token: is required');
    expect(await reasonFor(LoginRequestSchema, { username: 'a@b.c' })).toBe('password: is required');
  });

  it('says which methods exist when the method itself is wrong', async () => {
    expect(await reasonFor(LoginRequestSchema, { method: 'magic', username: 'a@b.c', password: 'x' })).toBe(
      'method: must be one of "password", "social", "refresh"',
    );
  });

  it('rejects unknown fields by name', async () => {
    expect(await reasonFor(UpdateUserRequestSchema, { nickname: 'n', is_admin: true })).toBe(
      'is_admin: is not allowed here',
    );
  });

  it('describes an empty required string', async () => {
    expect(await reasonFor(UpdateUserRequestSchema, { nickname: '' })).toBe('nickname: must not be empty');
  });

  it('says the bound a number is beyond', async () => {
    const schema = {
      type: 'object',
      properties: { skip: { type: 'integer', minimum: 0, maximum: 100 } },
    };
    expect(await reasonFor(schema, { skip: 101 })).toBe('skip: must be at most 100');
    expect(await reasonFor(schema, { skip: -1 })).toBe('skip: must be at least 0');
  });

  it('answers a non-object body by its context', async () => {
    expect(await reasonFor(UpdateUserRequestSchema, 'text')).toBe('body: must be object');
  });

  it('uses the route messages in priority order: terms before the other fields (SPEC §5)', async () => {
    const body = { username: 'a@b.c', password: 'Secret123' };
    expect(await reasonFor(RegisterRequestSchema, body, registerMessages)).toBe(
      messages.registerTermsRequired,
    );
    expect(await reasonFor(RegisterRequestSchema, { ...body, terms_accepted: false }, registerMessages)).toBe(
      messages.registerTermsRequired,
    );
    expect(
      await reasonFor(
        RegisterRequestSchema,
        { ...body, terms_accepted: true, firstname: 'A' },
        registerMessages,
      ),
    ).toBe(messages.registerFieldsRequired);
  });
});
