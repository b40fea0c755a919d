/**
 * Accounts contract (SPEC §7 "Token handling", "Auth and profile").
 *
 * Deviation from SPEC (see docs/api.md): re-authentication after 'Invalid Token' does not send the
 * member's password again. Login answers a long-lived `refresh_token`; the client re-establishes
 * the session with `POST login {method: 'refresh', access_token: <refresh_token>}`.
 */
import { Type, type Static } from 'typebox';
import { success } from './envelope';
import { PERMISSION_FLAGS, ROLES } from './permissions';

/** Email as the login name; the client trims and lowercases it, the server does again. */
const Email = Type.String({ minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$' });
const Password = Type.String({ minLength: 1, maxLength: 256 });

export const ClientTokenRequestSchema = Type.Object(
  {
    grant_type: Type.Literal('client_credentials'),
    client_id: Type.String({ minLength: 1, maxLength: 200 }),
    client_secret: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type ClientTokenRequest = Static<typeof ClientTokenRequestSchema>;

export const ClientTokenResponseSchema = success({
  access_token: Type.String({
    description: 'Opaque token; the last dot-separated segment is its expiry (s)',
  }),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer(),
});
export type ClientTokenResponse = Static<typeof ClientTokenResponseSchema>;

export const SocialProviderSchema = Type.Union([Type.Literal('google'), Type.Literal('apple')]);
export type SocialProvider = Static<typeof SocialProviderSchema>;

export const LoginQuerySchema = Type.Object({
  include_profile: Type.Optional(Type.Boolean()),
});

const CloudMessaging = {
  cloud_message_token: Type.Optional(Type.String({ maxLength: 4096 })),
  cloud_message_platform: Type.Optional(
    Type.Union([Type.Literal('ios'), Type.Literal('android'), Type.Literal('web')]),
  ),
};

export const PasswordLoginSchema = Type.Object(
  {
    method: Type.Optional(Type.Literal('password')),
    username: Email,
    password: Password,
    ...CloudMessaging,
  },
  { additionalProperties: false },
);

export const SocialLoginSchema = Type.Object(
  {
    method: Type.Literal('social'),
    provider: SocialProviderSchema,
    /** An OpenID Connect ID token issued by the provider. */
    access_token: Type.String({ minLength: 10, maxLength: 8192 }),
    expires_at: Type.Optional(Type.Number()),
    expires_in: Type.Optional(Type.Number()),
    social_user_id: Type.Optional(Type.String({ maxLength: 256 })),
    ...CloudMessaging,
  },
  { additionalProperties: false },
);

export const RefreshLoginSchema = Type.Object(
  {
    method: Type.Literal('refresh'),
    access_token: Type.String({ minLength: 10, maxLength: 512 }),
    ...CloudMessaging,
  },
  { additionalProperties: false },
);

export const LoginRequestSchema = Type.Union([PasswordLoginSchema, SocialLoginSchema, RefreshLoginSchema]);
export type LoginRequest = Static<typeof LoginRequestSchema>;

// Type.Enum over the `as const` tuples: a Union over `.map(...)` loses the tuple type, and its
// Static became `never` (so LoginResponse['permissions'] could hold no flag at all).
export const PermissionsSchema = Type.Record(Type.String(), Type.Array(Type.Enum(PERMISSION_FLAGS)));
export const RoleSchema = Type.Enum(ROLES);

export const ProfileLocationSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
});

export const ProfileSchema = Type.Object({
  user_id: Type.String(),
  firstname: Type.String(),
  nickname: Type.String(),
  username: Type.String({ description: 'Email address; only shown to its owner and admins' }),
  avatar: Type.Union([Type.String(), Type.Null()]),
  about: Type.String(),
  newsletter_subscribed: Type.Boolean(),
  stats_visible_to_others: Type.Boolean(),
  location_id: Type.Union([Type.String(), Type.Null()]),
  location: Type.Union([ProfileLocationSchema, Type.Null()]),
  created_at: Type.Integer({ description: 'seconds since the epoch' }),
});
export type Profile = Static<typeof ProfileSchema>;

/** What every successful login or registration answers. */
export const SessionFields = {
  email_verification_required: Type.Boolean(),
  roles: Type.Array(Type.String()),
  permissions: PermissionsSchema,
  auth_token: Type.String({ description: 'Opaque; the last dot-separated segment is its expiry (s)' }),
  refresh_token: Type.String({ description: 'Long-lived credential for `method: refresh`' }),
  nickname: Type.String(),
  user_id: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  profile: Type.Optional(ProfileSchema),
};

export const LoginResponseSchema = success(SessionFields);
export type LoginResponse = Static<typeof LoginResponseSchema>;

export const PasswordRegisterSchema = Type.Object(
  {
    method: Type.Optional(Type.Literal('password')),
    firstname: Type.String({ minLength: 1, maxLength: 100 }),
    nickname: Type.String({ minLength: 1, maxLength: 50 }),
    username: Email,
    password: Password,
    newsletter_subscribed: Type.Optional(Type.Boolean()),
    /** The config dialog's variant names the newsletter flag this way (SPEC §7). */
    accept_newsletter: Type.Optional(Type.Boolean()),
    terms_accepted: Type.Literal(true, { description: 'The member accepted the terms and conditions' }),
    location_id: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);

export const SocialRegisterSchema = Type.Object(
  {
    method: Type.Literal('social'),
    provider: SocialProviderSchema,
    access_token: Type.String({ minLength: 10, maxLength: 8192 }),
    nickname: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
    newsletter_subscribed: Type.Optional(Type.Boolean()),
    terms_accepted: Type.Literal(true),
    location_id: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);

export const RegisterRequestSchema = Type.Union([PasswordRegisterSchema, SocialRegisterSchema]);
export type RegisterRequest = Static<typeof RegisterRequestSchema>;
/** HTTP 200: the account exists and is signed in, as after login. */
export const RegisterResponseSchema = LoginResponseSchema;
export type RegisterResponse = LoginResponse;

/**
 * HTTP 202: the account exists but REQUIRE_EMAIL_VERIFICATION is on, so there is no session yet; a
 * confirmation mail was sent (show messages.confirmEmailTitle / confirmEmailBody).
 */
export const RegisterPendingResponseSchema = success({
  email_verification_required: Type.Literal(true),
  user_id: Type.String(),
  nickname: Type.String(),
});
export type RegisterPendingResponse = Static<typeof RegisterPendingResponseSchema>;

/**
 * POST logout (an addition to SPEC): revokes the sign-in of the presented auth token and, when
 * given, of this refresh credential (so a client whose auth token already expired can still end
 * its session). Always answers success; the body may be `{}`.
 */
export const LogoutRequestSchema = Type.Object(
  { refresh_token: Type.Optional(Type.String({ maxLength: 512 })) },
  { additionalProperties: false },
);
export type LogoutRequest = Static<typeof LogoutRequestSchema>;

/** GET verify_email: the token from the mailed link; the answer is a redirect into the app. */
export const VerifyEmailQuerySchema = Type.Object({ token: Type.String({ maxLength: 128 }) });
export type VerifyEmailQuery = Static<typeof VerifyEmailQuerySchema>;

export const PasswordResetRequestSchema = Type.Object({ username: Email }, { additionalProperties: false });
export type PasswordResetRequest = Static<typeof PasswordResetRequestSchema>;

export const PasswordResetStartedSchema = success({
  rid: Type.String({ description: 'Reset request id; sent back with the pin from the email' }),
});
export type PasswordResetStarted = Static<typeof PasswordResetStartedSchema>;

export const PasswordChangeRequestSchema = Type.Object(
  {
    /** The current password, or (SPEC wording) the rid when `use_rid` is true. */
    password_current: Type.Optional(Type.String({ maxLength: 256 })),
    rid: Type.Optional(Type.String({ maxLength: 64 })),
    use_rid: Type.Optional(Type.Boolean()),
    reset_pin: Type.Optional(Type.String({ maxLength: 16 })),
    password_new: Password,
  },
  { additionalProperties: false },
);
export type PasswordChangeRequest = Static<typeof PasswordChangeRequestSchema>;

export const SocialProvidersResponseSchema = success({
  providers: Type.Array(Type.Object({ name: SocialProviderSchema, client_id: Type.String() })),
});
export type SocialProvidersResponse = Static<typeof SocialProvidersResponseSchema>;
