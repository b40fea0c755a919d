/** Profile calls (SPEC §7 "Auth and profile"). */
import { Type, type Static } from 'typebox';
import { success } from './envelope';
import { ProfileSchema } from './auth';
import { PersonSchema } from './community';

export const UserIdParamsSchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type UserIdParams = Static<typeof UserIdParamsSchema>;

export const GetUserQuerySchema = Type.Object({
  complete_profile: Type.Optional(Type.Boolean()),
});

/** Another member sees the public part only; the owner and admins see the whole profile. */
export const PublicProfileSchema = Type.Object({
  user_id: Type.String(),
  nickname: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  about: Type.String(),
  created_at: Type.Integer(),
});

export const GetUserResponseSchema = success({
  profile: Type.Union([ProfileSchema, PublicProfileSchema]),
  roles: Type.Optional(Type.Array(Type.String())),
  /** For a member caller: the follow figures and relation, as GET users lists them (issue 16). */
  person: Type.Optional(PersonSchema),
});
export type GetUserResponse = Static<typeof GetUserResponseSchema>;

export const UpdateUserRequestSchema = Type.Object(
  {
    firstname: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    nickname: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
    about: Type.Optional(Type.String({ maxLength: 2000 })),
    avatar: Type.Optional(Type.Union([Type.String({ maxLength: 2048 }), Type.Null()])),
    newsletter_subscribed: Type.Optional(Type.Boolean()),
    stats_visible_to_others: Type.Optional(Type.Boolean()),
    location_id: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type UpdateUserRequest = Static<typeof UpdateUserRequestSchema>;

export const UpdateUserResponseSchema = success({ profile: ProfileSchema });
export type UpdateUserResponse = Static<typeof UpdateUserResponseSchema>;
