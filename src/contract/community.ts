/**
 * Community calls (SPEC §7 "Auth and profile": users, follow, recommendation; "Newsfeed, trips,
 * chats, groups": newsfeed and groups; docs/api.md "Community"). Every answer about another member
 * carries public fields only.
 */
import { Type, type Static } from 'typebox';
import { success } from './envelope';
import { ObservationIdSchema, ObservationMediaSchema, ObservationTaxaSchema } from './observations';
import { SKIP_MAX } from './paging';

/** Most photos one post may carry. */
export const POST_PHOTOS_MAX = 10;
/** Longest post text (plain text, never HTML). */
export const POST_TEXT_MAX = 5000;
export const GROUP_TITLE_MAX = 100;
export const GROUP_ABOUT_MAX = 2000;

const UuidSchema = Type.String({
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
});
const skip = Type.Integer({ minimum: 0, maximum: SKIP_MAX, default: 0 });
const limit = Type.Integer({ minimum: 1, maximum: 100, default: 20 });
const search = Type.String({ maxLength: 100, description: 'Accent- and case-insensitive; word starts' });

// ---- People -------------------------------------------------------------------------------------

/** Another member as lists show them: public fields and the follow relation to the caller. */
export const PersonSchema = Type.Object({
  user_id: Type.String(),
  nickname: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  about: Type.String(),
  follower_count: Type.Integer({ minimum: 0 }),
  following_count: Type.Integer({ minimum: 0 }),
  following: Type.Boolean({ description: 'The caller follows this member' }),
  follows_you: Type.Boolean({ description: 'This member follows the caller' }),
});
export type Person = Static<typeof PersonSchema>;

export const PeopleQuerySchema = Type.Object({
  skip,
  limit,
  search: Type.Optional(search),
});
export type PeopleQuery = Static<typeof PeopleQuerySchema>;

export const PeopleResponseSchema = success({
  users: Type.Array(PersonSchema, { description: 'By nickname' }),
  count: Type.Integer({ minimum: 0, description: 'How many match, all pages together' }),
});
export type PeopleResponse = Static<typeof PeopleResponseSchema>;

export const FollowRequestSchema = Type.Object(
  { follow: Type.Boolean({ description: 'true: follow; false: stop following' }) },
  { additionalProperties: false },
);

export const FollowResponseSchema = success({
  following: Type.Boolean(),
  follower_count: Type.Integer({ minimum: 0 }),
});
export type FollowResponse = Static<typeof FollowResponseSchema>;

export const RecommendationRequestSchema = Type.Object(
  {
    search: Type.Optional(search),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
  },
  { additionalProperties: false },
);

export const RecommendedPersonSchema = Type.Object({
  ...PersonSchema.properties,
  ...Type.Object({
    mutual: Type.Integer({ minimum: 0, description: 'Members the caller follows who follow this one' }),
    shared_groups: Type.Integer({ minimum: 0, description: 'Groups both are members of' }),
    nearby: Type.Integer({ minimum: 0, description: "Public sightings in the caller's region" }),
    sightings: Type.Integer({ minimum: 0, description: 'Public sightings in all' }),
  }).properties,
});

export const RecommendationResponseSchema = success({
  users: Type.Array(RecommendedPersonSchema, { description: 'Best first (docs/api.md, the rule)' }),
});
export type RecommendationResponse = Static<typeof RecommendationResponseSchema>;

// ---- Newsfeed -----------------------------------------------------------------------------------

export const FEED_ITEM_TYPES = ['post', 'sighting', 'lifer', 'group_member', 'trip_summary'] as const;
/** Most photos a trip summary shows (its public sightings' own photos, newest sighting first). */
export const TRIP_SUMMARY_PHOTOS_MAX = 4;
export type FeedItemType = (typeof FEED_ITEM_TYPES)[number];

/** The device's id of a post: as comment ids (letters, digits, - and _). */
export const PostIdSchema = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' });
/** Any feed item's id (items the server writes have a prefix and "~"). */
export const FeedItemIdSchema = Type.String({ minLength: 1, maxLength: 64 });

export const FeedQuerySchema = Type.Object({
  last_mod: Type.Optional(
    Type.Integer({ minimum: 0, description: 'Only changes after this mark (pull-to-refresh), oldest first' }),
  ),
  prev_mod: Type.Optional(
    Type.Integer({ minimum: 0, description: 'Only items before this mark (next page)' }),
  ),
  limit,
  include_following: Type.Boolean({
    default: false,
    description: 'GET newsfeed: only the caller and the members they follow (needs a member)',
  }),
});
export type FeedQuery = Static<typeof FeedQuerySchema>;

export const FeedParamsSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64, description: "A member's id, a group's id, or 'all'" }),
});
export const FeedItemParamsSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  x: FeedItemIdSchema,
});
export const PostParamsSchema = Type.Object({ id: PostIdSchema });
export const FeedItemDeleteParamsSchema = Type.Object({ id: FeedItemIdSchema });

const MemberRefSchema = Type.Object({
  user_id: Type.String(),
  nickname: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
});

export const FeedPhotoSchema = Type.Object({
  media_id: Type.String(),
  path: Type.String(),
  thumbnail: Type.String(),
});

/** A public sighting as the feed shows it: never a coordinate. */
export const FeedSightingSchema = Type.Object({
  observation_id: Type.String(),
  species_id: Type.Union([Type.String(), Type.Null()]),
  taxa: Type.Union([ObservationTaxaSchema, Type.Null()]),
  date: Type.Integer(),
  lifer: Type.Boolean(),
  note: Type.String(),
  media: Type.Array(ObservationMediaSchema),
  location: Type.Record(Type.String(), Type.String(), { description: 'Location id → name' }),
});

/**
 * A trip summary's figures: public sightings only (a private one is never counted), so the item
 * exists only while there is at least one. Its name and dates are in `trip`, its photos in `photos`.
 */
export const FeedTripSummarySchema = Type.Object({
  sightings: Type.Integer({ minimum: 1, description: 'Public sightings of the trip' }),
  species: Type.Integer({ minimum: 0, description: 'Distinct species among them' }),
});
export type FeedTripSummary = Static<typeof FeedTripSummarySchema>;

export const FeedItemSchema = Type.Object({
  feed_id: Type.String({ description: "The item's id" }),
  type: Type.Union([
    Type.Literal('post'),
    Type.Literal('sighting'),
    Type.Literal('lifer'),
    Type.Literal('group_member'),
    Type.Literal('trip_summary'),
  ]),
  user_id: Type.String({ description: 'Whose feed it belongs to: the author' }),
  author_id: Type.String(),
  author: MemberRefSchema,
  group_id: Type.Union([Type.String(), Type.Null()]),
  group: Type.Union([Type.Object({ group_id: Type.String(), title: Type.String() }), Type.Null()]),
  date: Type.Integer({ description: 'When it was posted, in seconds' }),
  mod: Type.Integer({ description: 'Its modification mark (paging)' }),
  text: Type.String({ description: 'Plain text; show it as text, never as HTML' }),
  photos: Type.Array(FeedPhotoSchema),
  observation: Type.Union([FeedSightingSchema, Type.Null()]),
  trip: Type.Union([
    Type.Object({
      trip_id: Type.String(),
      name: Type.String(),
      date_start: Type.Integer(),
      date_end: Type.Integer(),
    }),
    Type.Null(),
  ]),
  hotspot: Type.Union([Type.Object({ hotspot_id: Type.String(), name: Type.String() }), Type.Null()]),
  trip_summary: Type.Optional(
    Type.Union([FeedTripSummarySchema, Type.Null()], {
      description: 'A trip_summary item: what its public sightings add up to (null on other items)',
    }),
  ),
});
export type FeedItem = Static<typeof FeedItemSchema>;

export const FeedResponseSchema = success({
  items: Type.Array(FeedItemSchema, { description: 'Newest mark first; with last_mod, oldest first' }),
  deleted: Type.Array(Type.String(), { description: 'With last_mod: ids of items gone since it' }),
  last_mod: Type.Integer({ description: 'Send as last_mod to get what changed after this answer' }),
  prev_mod: Type.Union([Type.Integer(), Type.Null()], { description: 'Send as prev_mod for the next page' }),
  more: Type.Boolean(),
});
export type FeedResponse = Static<typeof FeedResponseSchema>;

export const FeedItemResponseSchema = success({ item: FeedItemSchema });
export type FeedItemResponse = Static<typeof FeedItemResponseSchema>;

export const PostRequestSchema = Type.Object(
  {
    text: Type.Optional(Type.String({ maxLength: POST_TEXT_MAX })),
    photos: Type.Optional(Type.Array(UuidSchema, { maxItems: POST_PHOTOS_MAX, uniqueItems: true })),
    observation_id: Type.Optional(Type.Union([ObservationIdSchema, Type.Null()])),
    trip_id: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Null()])),
    hotspot_id: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Null()])),
    group_id: Type.Optional(Type.Union([UuidSchema, Type.Null()])),
  },
  { additionalProperties: false },
);
export type PostRequest = Static<typeof PostRequestSchema>;

export const PostResponseSchema = success({ item: FeedItemSchema, created: Type.Boolean() });
export type PostResponse = Static<typeof PostResponseSchema>;

// ---- Groups -------------------------------------------------------------------------------------

export const GROUP_ROLES = ['admin', 'member'] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];

export const GroupParamsSchema = Type.Object({ id: UuidSchema });
export const GroupMemberParamsSchema = Type.Object({ id: UuidSchema, user_id: UuidSchema });

export const GroupSchema = Type.Object({
  group_id: Type.String(),
  title: Type.String(),
  about: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  member_count: Type.Integer({ minimum: 0 }),
  role: Type.Union([Type.Literal('admin'), Type.Literal('member'), Type.Null()], {
    description: "The caller's role in the group; null when not a member",
  }),
  created_by: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.Integer(),
});
export type Group = Static<typeof GroupSchema>;

export const GroupMemberSchema = Type.Object({
  ...MemberRefSchema.properties,
  role: Type.Union([Type.Literal('admin'), Type.Literal('member')]),
  joined_at: Type.Integer(),
});
export type GroupMember = Static<typeof GroupMemberSchema>;

export const GroupRequestSchema = Type.Object(
  {
    title: Type.Optional(Type.String({ minLength: 1, maxLength: GROUP_TITLE_MAX })),
    about: Type.Optional(Type.String({ maxLength: GROUP_ABOUT_MAX })),
    avatar: Type.Optional(Type.Union([Type.String({ maxLength: 2048 }), Type.Null()])),
    members: Type.Optional(
      Type.Array(UuidSchema, {
        maxItems: 500,
        uniqueItems: true,
        description: 'Group admins: the whole member list (ids); others are added, the missing removed',
      }),
    ),
  },
  { additionalProperties: false },
);
export type GroupRequest = Static<typeof GroupRequestSchema>;

export const GroupResponseSchema = success({
  group: GroupSchema,
  members: Type.Array(GroupMemberSchema, { description: 'Admins first, then by nickname (at most 500)' }),
});
export type GroupResponse = Static<typeof GroupResponseSchema>;

export const GroupSaveResponseSchema = success({
  ...GroupResponseSchema.properties,
  created: Type.Boolean(),
});

export const GroupsQuerySchema = Type.Object({
  skip,
  limit,
  search: Type.Optional(search),
  member: Type.Optional(Type.Boolean({ description: "true: only the caller's groups" })),
});
export type GroupsQuery = Static<typeof GroupsQuerySchema>;

export const GroupsResponseSchema = success({
  groups: Type.Array(GroupSchema, { description: 'By title' }),
  count: Type.Integer({ minimum: 0 }),
});

export const GroupMembersResponseSchema = success({
  members: Type.Array(GroupMemberSchema),
  count: Type.Integer({ minimum: 0 }),
});

export const GroupMembershipRequestSchema = Type.Object(
  { role: Type.Optional(Type.Union([Type.Literal('admin'), Type.Literal('member')])) },
  { additionalProperties: false },
);
