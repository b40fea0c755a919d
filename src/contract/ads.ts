/**
 * Ads (SPEC §3 "Ad: views, view_time, first_view, last_view"; §6 "admin-ads needs admin-ads:r; a
 * new ad detail needs admin-ads:c"; §7 "Ads"). An ad has a title, text, image, link, placements
 * (newsfeed, map), target regions, a start and end, and an active flag. Views are counted per view
 * id (the device makes one per time an ad is shown), so a batch the device sends again after being
 * offline never counts twice. docs/api.md "Ads". Pure: no Node, DOM or Dexie.
 */
import { Type, type Static } from 'typebox';
import { success } from './envelope';
import { canAccess, type Principal } from './permissions';

export const AD_PLACEMENTS = ['newsfeed', 'map'] as const;
export type AdPlacement = (typeof AD_PLACEMENTS)[number];

/**
 * SPEC §6: the admin-ads area with the flag; the role admin and (SPEC §3's Ads Admin) the role
 * admin-ads pass too, as superadmin always does.
 */
export function canManageAds(principal: Principal | null | undefined, flag: 'r' | 'c' | 'u' | 'd'): boolean {
  if (!principal) return false;
  if (principal.roles.includes('admin-ads')) return true;
  return canAccess(principal, { role: 'admin', permission: `admin-ads:${flag}` });
}

const uuid = (description: string) =>
  Type.String({
    pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
    description,
  });
const httpUrl = (description: string) =>
  Type.String({ maxLength: 2048, pattern: '^https?://[^\\s]+$', description });
const seconds = (description: string) => Type.Integer({ minimum: 0, maximum: 253402300799, description });

export const AdIdParamsSchema = Type.Object({ id: uuid('The ad') });
export type AdIdParams = Static<typeof AdIdParamsSchema>;

export const AdOptionalIdParamsSchema = Type.Object({ id: Type.Optional(uuid('The ad')) });

const adFields = {
  title: Type.String({ minLength: 1, maxLength: 120, pattern: '\\S' }),
  text: Type.String({ maxLength: 1000, description: 'Plain text, shown under the title' }),
  image: Type.Union([httpUrl('The picture (http or https)'), Type.Null()]),
  link: Type.Union([httpUrl('Where the ad leads (http or https)'), Type.Null()]),
  placements: Type.Array(Type.Enum(AD_PLACEMENTS), { minItems: 1, maxItems: 2, uniqueItems: true }),
  regions: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
    maxItems: 200,
    uniqueItems: true,
    description: 'Location ids (a country or region) it is shown in; empty: everywhere',
  }),
  starts_at: Type.Union([seconds('Shown from (seconds)'), Type.Null()]),
  ends_at: Type.Union([seconds('Shown until (seconds)'), Type.Null()]),
  active: Type.Boolean(),
  latitude: Type.Union([Type.Number({ minimum: -90, maximum: 90 }), Type.Null()], {
    description: 'Where it stands on the map (map placement)',
  }),
  longitude: Type.Union([Type.Number({ minimum: -180, maximum: 180 }), Type.Null()]),
};

export const AdWriteSchema = Type.Object(adFields, { additionalProperties: false });
export type AdWrite = Static<typeof AdWriteSchema>;

export const AdSchema = Type.Object({
  id: Type.String(),
  ...adFields,
  created_at: Type.Integer(),
  updated_at: Type.Integer(),
});
export type Ad = Static<typeof AdSchema>;

/** What a member is shown: the ad without its scheduling and targeting. */
export const AdImpressionSchema = Type.Object({
  id: Type.String(),
  title: adFields.title,
  text: adFields.text,
  image: adFields.image,
  link: adFields.link,
  latitude: adFields.latitude,
  longitude: adFields.longitude,
  sponsored: Type.Literal(true, { description: 'Always shown labelled "Sponsored"' }),
});
export type AdImpression = Static<typeof AdImpressionSchema>;

export const AdImpressionQuerySchema = Type.Object({
  placement: Type.Enum(AD_PLACEMENTS, { default: 'newsfeed' }),
  location_id: Type.Optional(
    Type.String({ minLength: 1, maxLength: 64, description: "The viewer's region (else their profile's)" }),
  ),
});
export type AdImpressionQuery = Static<typeof AdImpressionQuerySchema>;

export const AdImpressionResponseSchema = success({
  ad: Type.Union([AdImpressionSchema, Type.Null()], { description: 'Null when no ad is running here' }),
});
export type AdImpressionResponse = Static<typeof AdImpressionResponseSchema>;

export const AdMapQuerySchema = Type.Object({
  bounds: Type.String({
    maxLength: 100,
    pattern: '^\\s*-?[0-9.]+\\s*,\\s*-?[0-9.]+\\s*,\\s*-?[0-9.]+\\s*,\\s*-?[0-9.]+\\s*$',
    description: 'west,south,east,north in degrees',
  }),
  rand: Type.Optional(Type.Boolean({ description: 'Pick at random when more match' })),
  zoom: Type.Optional(Type.Number({ minimum: 0, maximum: 24, description: 'Below 3, no map ads' })),
});
export type AdMapQuery = Static<typeof AdMapQuerySchema>;

export const AdMapResponseSchema = success({ ads: Type.Array(AdImpressionSchema, { maxItems: 3 }) });
export type AdMapResponse = Static<typeof AdMapResponseSchema>;

export const AdViewParamsSchema = Type.Object({
  id: uuid('The ad'),
  x: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'The view id the device made' }),
});
export type AdViewParams = Static<typeof AdViewParamsSchema>;

/** PUT ads/{id}/view/{x}: the view's totals so far (resent whole, so a replay changes nothing). */
export const AdViewSchema = Type.Object(
  {
    views: Type.Integer({ minimum: 0, maximum: 100_000 }),
    view_time: Type.Integer({ minimum: 0, maximum: 86_400_000, description: 'Milliseconds visible' }),
    first_view: seconds('When it was first visible'),
    last_view: seconds('When it was last visible'),
    clicked: Type.Optional(Type.Boolean({ description: 'The member opened the ad' })),
  },
  { additionalProperties: false },
);
export type AdView = Static<typeof AdViewSchema>;

export const AdScrollBySchema = Type.Object(
  { last_view: seconds('When it scrolled by') },
  { additionalProperties: false },
);
export type AdScrollBy = Static<typeof AdScrollBySchema>;

export const AdListQuerySchema = Type.Object({
  include_all: Type.Boolean({ default: false, description: 'Also inactive, ended and not yet started ads' }),
});
export type AdListQuery = Static<typeof AdListQuerySchema>;

export const AdListResponseSchema = success({ ads: Type.Array(AdSchema) });
export type AdListResponse = Static<typeof AdListResponseSchema>;

export const AdResponseSchema = success({ ad: AdSchema });
export type AdResponse = Static<typeof AdResponseSchema>;

export const AdWriteResponseSchema = success({ ad: AdSchema, created: Type.Boolean() });
export type AdWriteResponse = Static<typeof AdWriteResponseSchema>;

const statsCounters = {
  impressions: Type.Integer({ description: 'Times the server handed it out' }),
  views: Type.Integer(),
  view_time: Type.Integer({ description: 'Milliseconds' }),
  viewers: Type.Integer({ description: 'Distinct view ids' }),
  clicks: Type.Integer(),
  scrollbys: Type.Integer(),
};

export const AdStatsDaySchema = Type.Object({
  day: Type.String({ description: 'UTC date, YYYY-MM-DD' }),
  ...statsCounters,
});
export type AdStatsDay = Static<typeof AdStatsDaySchema>;

export const AdStatsResponseSchema = success({
  days: Type.Array(AdStatsDaySchema, { description: 'Oldest first' }),
  totals: Type.Object(statsCounters),
});
export type AdStatsResponse = Static<typeof AdStatsResponseSchema>;
