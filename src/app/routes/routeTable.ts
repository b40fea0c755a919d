/**
 * Every route of SPEC §2 with its title, the feature that owns it and its guard (SPEC §5, §6).
 * Plain data: `AppPages` turns it into routes, pairing each entry with the page its feature exports
 * or, while the feature is not built, with an honest coming-soon page behind the same guard. A
 * unit test compares it with the list copied from the spec, and docs/routes.md lists its status.
 *
 * Paths are react-router patterns: `:param`, and `:param?` for the spec's `[/{param}]`.
 */
import { labels } from '../labels';
import { LOGBOOKS_OVERVIEW_PATH, type RouteAccess } from './access';

/** The domains that own pages, with the folder each lives (or will live) in. */
export const FEATURES = {
  welcome: { name: labels.welcome, folder: 'src/app/welcome' },
  menu: { name: labels.menu, folder: 'src/features/menu' },
  auth: { name: labels.logout, folder: 'src/features/auth' },
  cms: { name: labels.featureCms, folder: 'src/features/cms' },
  config: { name: labels.featureSettings, folder: 'src/features/config' },
  newsfeed: { name: labels.featureNewsfeed, folder: 'src/features/newsfeed' },
  species: { name: labels.featureSpecies, folder: 'src/features/species' },
  observations: { name: labels.featureObservations, folder: 'src/features/observations' },
  maps: { name: labels.featureMaps, folder: 'src/features/map' },
  help: { name: labels.featureHelp, folder: 'src/features/cms' },
  locations: { name: labels.featureLocations, folder: 'src/features/admin' },
  places: { name: labels.featurePlaces, folder: 'src/features/places' },
  fieldguides: { name: labels.featureFieldGuides, folder: 'src/features/fieldguides' },
  ads: { name: labels.featureAds, folder: 'src/features/ads' },
  people: { name: labels.featurePeople, folder: 'src/features/people' },
  users: { name: labels.featureUsers, folder: 'src/features/admin' },
  reports: { name: labels.featureReports, folder: 'src/features/reports' },
  media: { name: labels.featureMedia, folder: 'src/features/media' },
  profile: { name: labels.featureProfile, folder: 'src/features/profile' },
  chat: { name: labels.featureChat, folder: 'src/features/chat' },
  groups: { name: labels.featureGroups, folder: 'src/features/groups' },
  trips: { name: labels.featureTrips, folder: 'src/features/trips' },
  logbooks: { name: labels.featureLogbooks, folder: 'src/features/logbooks' },
  commerce: { name: labels.featureCommerce, folder: 'src/features/commerce' },
  ebooks: { name: labels.featureEbooks, folder: 'src/features/ebooks' },
  about: { name: labels.about, folder: 'src/features/about' },
} as const satisfies Record<string, { name: string; folder: string }>;

export type FeatureKey = keyof typeof FEATURES;

export interface RouteEntry {
  /** Absolute react-router pattern. */
  path: string;
  /** The page's title: coming-soon heading, and the page the need-account message names. */
  title: string;
  feature: FeatureKey;
  access: RouteAccess;
}

const anyone: RouteAccess = { kind: 'anyone' };
/** SPEC §6: guests cannot use friends, stats and my-pages. */
const member: RouteAccess = { kind: 'member', refusal: 'needAccount' };
/** SPEC §6: guests cannot create sightings (SPEC §5 gives the message). */
const recorder: RouteAccess = { kind: 'member', refusal: 'recordSignedOut' };
/** SPEC §6: admin-only routes need role admin. */
const admin: RouteAccess = { kind: 'admin' };
/**
 * SPEC §5: admin routes need role admin "or the stated permission". The permissions stated are the
 * admin menu's (§2: Pages admin-cms:r, Help admin-help:r, Ads admin-ads:r, Users admin-users:r), so
 * the page a visible menu item leads to opens for whoever sees the item.
 */
const adminOr = (permission: string): RouteAccess => ({ kind: 'admin', permission });
/**
 * SPEC §6 "admin-ads needs admin-ads:r (a new ad admin-ads:c)", and SPEC §3's Ads Admin role, which
 * the server's ads calls admit too (src/contract/ads.ts `canManageAds`): page and calls agree.
 */
const adsAdmin = (flag: 'r' | 'c'): RouteAccess => ({
  kind: 'admin',
  permission: `admin-ads:${flag}`,
  role: 'admin-ads',
});
/** New record without the parameter, existing record with it. */
const newOrExisting = (param: string, whenNew: RouteAccess, whenExisting: RouteAccess): RouteAccess => ({
  kind: 'byParam',
  param,
  without: whenNew,
  with: whenExisting,
});

/** The table as written, its paths kept as literal types (`RoutePath`). */
const TABLE = [
  { path: '/', title: labels.welcome, feature: 'welcome', access: anyone },
  { path: '/home', title: labels.home, feature: 'newsfeed', access: anyone },
  // The home tabs: /home/newsfeed (the installed app's deep link for /) and /home/newsfeed/people.
  { path: '/home/*', title: labels.home, feature: 'newsfeed', access: anyone },
  { path: '/menu', title: labels.menu, feature: 'menu', access: anyone },
  { path: '/newsfeed', title: labels.newsfeed, feature: 'newsfeed', access: anyone },

  { path: '/species', title: labels.species, feature: 'species', access: anyone },
  { path: '/species/:species_id', title: labels.species, feature: 'species', access: anyone },
  { path: '/species-details/:species_id', title: labels.speciesDetails, feature: 'species', access: anyone },
  {
    path: '/species-details-edit/:species_id?',
    title: labels.speciesEdit,
    feature: 'species',
    access: newOrExisting('species_id', adminOr('species-admin:c'), adminOr('species-admin:r')),
  },
  {
    path: '/species-observation/:species_id?/:observation_id?',
    title: labels.recordSighting,
    feature: 'observations',
    access: recorder,
  },
  { path: '/species-gallery', title: labels.speciesGallery, feature: 'species', access: anyone },
  { path: '/species-map', title: labels.speciesMap, feature: 'maps', access: anyone },
  { path: '/global-map', title: labels.globalMap, feature: 'maps', access: anyone },
  { path: '/observations', title: labels.observations, feature: 'observations', access: anyone },
  { path: '/targeted-species', title: labels.targetedSpecies, feature: 'species', access: anyone },

  { path: '/general-content-page/:slug', title: labels.contentPage, feature: 'cms', access: anyone },
  { path: '/general-settings', title: labels.settings, feature: 'config', access: anyone },
  { path: '/general-help/:category?', title: labels.help, feature: 'help', access: anyone },
  // Not in SPEC §2: the data sources' licences ask for attribution in the app (docs/routes.md).
  { path: '/about', title: labels.about, feature: 'about', access: anyone },

  { path: '/admin-locations', title: labels.locations, feature: 'locations', access: admin },
  {
    path: '/admin-location-details/:location_id?',
    title: labels.locationDetails,
    feature: 'locations',
    access: admin,
  },
  { path: '/admin-hotspots', title: labels.places, feature: 'places', access: admin },
  {
    path: '/admin-hotspot-details/:hotspot_id?',
    title: labels.placeDetails,
    feature: 'places',
    access: admin,
  },
  { path: '/admin-cms', title: labels.pages, feature: 'cms', access: adminOr('admin-cms:r') },
  {
    path: '/admin-cms-page/:page_id?',
    title: labels.pageDetails,
    feature: 'cms',
    access: adminOr('admin-cms:r'),
  },
  { path: '/admin-help', title: labels.help, feature: 'help', access: adminOr('admin-help:r') },
  {
    path: '/admin-help-details/:help_id?',
    title: labels.helpDetails,
    feature: 'help',
    access: adminOr('admin-help:r'),
  },
  { path: '/admin-ads', title: labels.ads, feature: 'ads', access: adsAdmin('r') },
  {
    path: '/admin-ads-detail/:ad_id?',
    title: labels.adDetails,
    feature: 'ads',
    access: newOrExisting('ad_id', adsAdmin('c'), adsAdmin('r')),
  },
  { path: '/admin-users', title: labels.users, feature: 'users', access: adminOr('admin-users:r') },
  { path: '/admin-field-guide', title: labels.fieldGuides, feature: 'fieldguides', access: admin },
  {
    path: '/admin-field-guide-details/:fields_guide_id?',
    title: labels.fieldGuideDetails,
    feature: 'fieldguides',
    access: admin,
  },
  // Not among SPEC §6's admin-only routes: role admin or admin-reports:r, as the server's
  // report_issue/list and report_issue/{id} (src/contract/reports.ts REPORTS_READ).
  {
    path: '/admin-issue-reports',
    title: labels.issueReports,
    feature: 'reports',
    access: adminOr('admin-reports:r'),
  },
  {
    path: '/admin-issue-report-details/:report_issue_id',
    title: labels.issueReportDetails,
    feature: 'reports',
    access: adminOr('admin-reports:r'),
  },

  { path: '/image-view', title: labels.imageView, feature: 'media', access: anyone },
  // Without an id: the member's own profile (a my-page); with one: anybody's public profile.
  {
    path: '/profile/:user_id?',
    title: labels.profile,
    feature: 'profile',
    access: newOrExisting('user_id', member, anyone),
  },
  { path: '/user-profile/:user_id?', title: labels.editProfile, feature: 'profile', access: member },

  { path: '/chat/:user_id', title: labels.chat, feature: 'chat', access: member },
  { path: '/chat/:user_id/session/:session_id', title: labels.chat, feature: 'chat', access: member },
  { path: '/chat-sessions', title: labels.messages, feature: 'chat', access: member },
  { path: '/newsfeed-item/:feed_id', title: labels.post, feature: 'newsfeed', access: anyone },
  { path: '/newsfeed-ad-view', title: labels.ad, feature: 'ads', access: anyone },

  { path: '/people/:type?', title: labels.friends, feature: 'people', access: member },
  { path: '/group-members', title: labels.groupMembers, feature: 'groups', access: member },
  { path: '/group-profile/:group_id', title: labels.group, feature: 'groups', access: member },
  { path: '/group-profile-edit/:group_id?', title: labels.editGroup, feature: 'groups', access: member },

  { path: '/logout', title: labels.logout, feature: 'auth', access: anyone },

  { path: '/locations', title: labels.places, feature: 'places', access: anyone },
  { path: '/hotspot-overview/:hotspot_id', title: labels.place, feature: 'places', access: anyone },
  {
    path: '/fieldguide-overview/:field_guide_id',
    title: labels.fieldGuide,
    feature: 'fieldguides',
    access: anyone,
  },
  { path: '/fieldguides', title: labels.fieldGuides, feature: 'fieldguides', access: anyone },

  { path: '/trips', title: labels.trips, feature: 'trips', access: member },
  { path: '/trips-details/:trip_id', title: labels.trip, feature: 'trips', access: member },

  { path: '/logbooks', title: labels.myLogbooks, feature: 'logbooks', access: { kind: 'logbooks' } },
  // Where /logbooks sends a member without a logbook (and anyone curious): what logbooks are.
  { path: LOGBOOKS_OVERVIEW_PATH, title: labels.logbooksOverview, feature: 'logbooks', access: anyone },
  { path: '/logbook/:product_id', title: labels.logbook, feature: 'logbooks', access: member },

  { path: '/product/:product_id', title: labels.product, feature: 'commerce', access: anyone },
  { path: '/products', title: labels.products, feature: 'commerce', access: anyone },
  { path: '/cart', title: labels.cart, feature: 'commerce', access: anyone },
  { path: '/checkout', title: labels.checkout, feature: 'commerce', access: anyone },
  { path: '/payment', title: labels.payment, feature: 'commerce', access: anyone },
  { path: '/fulfilment/:transaction_id/:status', title: labels.order, feature: 'commerce', access: anyone },

  { path: '/ebook-listing', title: labels.ebooks, feature: 'ebooks', access: admin },
  { path: '/ebook-details/:ebook_id', title: labels.ebook, feature: 'ebooks', access: admin },
  { path: '/ebook-chapter/:ebook_id/:chapter', title: labels.ebookChapter, feature: 'ebooks', access: admin },
  {
    path: '/ebook-chapter-species/:ebook_id/:chapter',
    title: labels.ebookChapterSpecies,
    feature: 'ebooks',
    access: admin,
  },
  { path: '/ebook-media', title: labels.ebookMedia, feature: 'ebooks', access: admin },
  {
    path: '/ebook-page-template/:template_id',
    title: labels.ebookPageTemplate,
    feature: 'ebooks',
    access: admin,
  },

  { path: '/merchant-products', title: labels.merchantProducts, feature: 'commerce', access: admin },
  {
    path: '/merchant-product/:product_id',
    title: labels.merchantProduct,
    feature: 'commerce',
    access: admin,
  },
] as const satisfies readonly RouteEntry[];

export const ROUTE_TABLE: readonly RouteEntry[] = TABLE;

/** A path of the table: what a feature module's routes are keyed by, so a misspelt one fails to compile. */
export type RoutePath = (typeof TABLE)[number]['path'];
type Relative<P> = P extends `/${infer R}` ? R : never;
/** A table path as the routes under the shell spell it (no leading '/'). */
export type PagePath = Relative<RoutePath>;
