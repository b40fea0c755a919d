/**
 * The response envelope every JSON endpoint uses: `status` is "success" or "failed", and a failed
 * answer carries a human-readable `reason` the client shows as it is (SPEC §7, §8).
 */
import { Type, type Static, type TProperties } from 'typebox';

export const FailedSchema = Type.Object(
  {
    status: Type.Literal('failed'),
    reason: Type.String({ description: 'Human-readable reason, shown to the member as it is' }),
    email_verification_required: Type.Optional(Type.Boolean()),
  },
  { $id: 'Failed' },
);
export type Failed = Static<typeof FailedSchema>;

/** A success envelope around the given fields. */
export function success<T extends TProperties>(properties: T) {
  return Type.Object({ status: Type.Literal('success'), ...properties });
}

export const OkSchema = success({});
export type Ok = Static<typeof OkSchema>;

/** Response codes shared by every route; routes add their 2xx body on top. */
export const failedResponses = {
  400: FailedSchema,
  401: FailedSchema,
  403: FailedSchema,
  404: FailedSchema,
  409: FailedSchema,
  429: FailedSchema,
  500: FailedSchema,
} as const;
