/**
 * Permissions, checked once for every call (issue 18, SPEC §6): every operation of the live app's
 * OpenAPI document has a row in CALLS below, so a call added without a rule fails the first test.
 *
 * An admin row states SPEC §6's rule as data (role admin, or the `area:flag` permission; superadmin
 * always) and is tried by a guest (no token), a client token, a plain member, each role of SPEC §3
 * and a member holding each single permission of every area the table names: guests and client
 * tokens get 401, a signed-in member without the right 403 `notAuthorised` in the envelope, and
 * whoever holds the right gets past the guard. A row whose call acts on another member's record
 * (owner or admin) makes that record first, fresh for every try.
 *
 * The other rows say who may call (anyone, a client token, a member) and are checked too: a guest
 * or a client token is refused where only a member may call, and no such call refuses a plain
 * member while admitting a superadmin (that would be an admin rule the table does not state).
 * Runs on PGlite, and on PostgreSQL with FIELDMARK_TEST_DB=postgres (tests/server/test-db.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import { API_PREFIX } from '@contract/index';
import { CMS_CREATE, CMS_DELETE, CMS_READ, HELP_CREATE, HELP_DELETE } from '@contract/contentAdmin';
import { USERS_READ, USERS_UPDATE } from '@contract/admin';
import { PERMISSION_AREAS } from '@contract/permissions';
import { REPORTS_READ, REPORTS_UPDATE } from '@contract/reports';
import { PERMISSION_FLAGS, ROLES, type Permissions } from '@contract/permissions';
import { bearer, buildTestApp, createSignedInMember, fetchClientToken, type TestApp } from './helpers';
import { insertSpeciesPhoto } from './media-helpers';
import { operationsOf, sampleRequest, type Operation, type Overrides } from './openapi-requests';

/** SPEC §6: role admin (superadmin always), or the permission when one is stated. */
interface AdminRule {
  role: 'admin';
  permission?: string;
  /** Another role that passes too: SPEC §3's Ads Admin on the ads calls. */
  alsoRole?: string;
}

interface Someone {
  id: string;
  token: string;
}

interface Context {
  t: TestApp;
  /** A new plain member, signed in: the owner of a record someone else acts on. */
  newMember(): Promise<Someone>;
  call(
    operation: string,
    token: string | null,
    overrides?: Overrides,
  ): Promise<{ statusCode: number; body: string }>;
}

type Row =
  /** Not an admin call: who may call it (anyone, a client token or a member). */
  | { who: 'anyone' | 'client' | 'member'; note?: string; overrides?: Overrides }
  | {
      who: 'admin';
      rule: AdminRule;
      /** Why the rule is what it is, when the summary does not say. */
      note?: string;
      /** Parameters that make the call an admin one (e.g. show_hidden=true). */
      overrides?: Overrides;
      /** Makes another member's record for the call to act on; fresh for every principal. */
      prepare?: (context: Context, caller: Someone | null) => Promise<Overrides>;
      /** The refusal's reason when it is not `notAuthorised` (a group's own admins). */
      reason?: string;
    };

const admin: AdminRule = { role: 'admin' };
/** SPEC §6 "admin-ads needs admin-ads:r" and the Ads Admin role (src/contract/ads.ts canManageAds). */
const ads = (flag: 'r' | 'c' | 'u' | 'd'): AdminRule => ({
  role: 'admin',
  permission: `admin-ads:${flag}`,
  alsoRole: 'admin-ads',
});
const anyone = { who: 'anyone' } as const;
const client = { who: 'client' } as const;
const member = { who: 'member' } as const;
const adminRow = (
  rule: AdminRule,
  extra: Omit<Extract<Row, { who: 'admin' }>, 'who' | 'rule'> = {},
): Row => ({
  who: 'admin',
  rule,
  ...extra,
});

/** Another member's profile, hidden stats or account. */
const anotherMember = async (context: Context): Promise<Overrides> => ({
  path: { id: (await context.newMember()).id },
});

const CALLS: Record<string, Row> = {
  // Users (SPEC §7 "Auth and profile"; admin: docs/api.md "User administration")
  'GET /admin/users': adminRow(USERS_READ),
  'GET /admin/users/{id}': adminRow(USERS_READ),
  'PUT /admin/users/{id}': adminRow(USERS_UPDATE),
  'GET /users/{id}': { ...client, note: 'whole for its owner and admins, the public part for others' },
  'PUT /users/{id}': adminRow({ role: 'admin', permission: 'admin-users:u' }, { prepare: anotherMember }),
  'DELETE /users/{id}': adminRow({ role: 'admin', permission: 'admin-users:d' }, { prepare: anotherMember }),
  'GET /users/{id}/stats': adminRow(USERS_READ, {
    note: "another member's stats they keep to themselves",
    prepare: async (context) => {
      const owner = await context.newMember();
      await context.t.db
        .updateTable('users')
        .set({ stats_visible_to_others: false })
        .where('id', '=', owner.id)
        .execute();
      return { path: { id: owner.id } };
    },
    reason: messages.statsHidden,
  }),
  'PUT /users': member,
  'GET /users': member,
  'PUT /users/{id}/follow': member,
  'GET /users/{id}/follow': member,
  'GET /users/{id}/following': member,
  'POST /users/recommendation': member,
  'POST /login': { ...anyone, note: 'credentials in the body' },
  'POST /logout': anyone,
  'POST /register': anyone,
  'POST /oauth/token': anyone,
  'POST /password_reset': anyone,
  // The sample is the current-password variant, which needs the member; the mailed-pin one does not.
  'PUT /password_reset': { ...member, note: 'the mailed pin (anyone), or the current password (signed in)' },
  'GET /verify_email': anyone,
  'GET /auth/providers': anyone,
  'GET /health': anyone,
  'GET /.well-known/assetlinks.json': anyone,
  'GET /.well-known/apple-app-site-association': anyone,

  // Ads (SPEC §6: admin-ads needs admin-ads:r; a new ad admin-ads:c)
  'GET /ads/impression': client,
  'GET /ads/impression/{id}': client,
  'GET /ads/map': client,
  'GET /ads/map/{id}': client,
  'PUT /ads/{id}/view/{x}': client,
  'PUT /ads/{id}/scrollby/{x}': client,
  'GET /ads/{id}/stats': adminRow(ads('r')),
  'GET /ads': adminRow(ads('r')),
  'GET /ads/{id}': adminRow(ads('r')),
  'PUT /ads/{id}': adminRow(ads('c'), { note: 'a new id: creating' }),
  'DELETE /ads/{id}': adminRow(ads('d')),

  // Content pages and help (SPEC §7 "Reference data")
  'GET /cms/pages/slug/{slug}': client,
  'GET /cms/pages/{id}': client,
  'GET /cms/pages': adminRow(CMS_READ),
  'PUT /cms/pages/{id}': adminRow(CMS_CREATE, { note: 'a new id: creating' }),
  'DELETE /cms/pages/{id}': adminRow(CMS_DELETE),
  'GET /help': client,
  'GET /help/{topic}': client,
  'PUT /help/{id}': adminRow(HELP_CREATE, { note: 'a new id: creating' }),
  'DELETE /help/{id}': adminRow(HELP_DELETE),

  // Member issue reports (SPEC §7 "Logbooks, commerce, issues")
  'POST /report_issue/create': member,
  'POST /report_issue/create_note': adminRow(REPORTS_UPDATE, {
    note: "another member's report (its reporter may add notes too)",
    prepare: async (context, caller) => {
      const reporter = await context.newMember();
      const subject = await context.newMember();
      const created = await context.call('POST /report_issue/create', reporter.token, {
        body: { section: 'user', id: subject.id, user_id: reporter.id },
      });
      const reportId = (JSON.parse(created.body) as { report: { id: string } }).report.id;
      // user_id names the caller, who adds the note.
      return { body: { id: reportId, user_id: caller?.id ?? reporter.id } };
    },
  }),
  'GET /report_issue/list': adminRow(REPORTS_READ),
  'GET /report_issue/{id}': adminRow(REPORTS_READ),
  'POST /report_issue/{action}': adminRow(REPORTS_UPDATE),

  // Places, field guides, locations (SPEC §6: locations and hotspots are admin-only)
  'GET /locations': client,
  'GET /locations/{id}': client,
  'PUT /locations/{id}': adminRow(admin),
  'DELETE /locations/{id}': adminRow(admin),
  'GET /hotspots/nearby': client,
  'GET /hotspots/species_regular': client,
  'GET /hotspots/species_seen': client,
  'GET /hotspots/popular': client,
  'GET /hotspots': client,
  'GET /hotspots/map': client,
  'GET /hotspots/{id}': client,
  'PUT /hotspots/{id}': adminRow(admin),
  'DELETE /hotspots/{id}': adminRow(admin),
  'GET /hotspots/{id}/species': client,
  'PUT /hotspots/{id}/species': adminRow(admin),
  'DELETE /hotspots/{id}/species': adminRow(admin),
  'GET /hotspots/{id}/ratings': client,
  'PUT /hotspots/{id}/ratings': member,
  'GET /hotspots/{id}/guides': client,
  'PUT /hotspots/{id}/guides': adminRow(admin),
  'DELETE /hotspots/{id}/guides': adminRow(admin),
  'GET /field_guides/popular': client,
  'GET /field_guides/nearby': client,
  'GET /field_guides/list': client,
  'GET /field_guides/map': client,
  'GET /field_guides/{id}': client,
  'POST /field_guides': adminRow(admin),
  'PUT /field_guides/{id}': adminRow(admin),
  'DELETE /field_guides/{id}': adminRow(admin),
  'GET /field_guides/{id}/species': client,
  'PUT /field_guides/{id}/species': adminRow(admin),
  'DELETE /field_guides/{id}/species': adminRow(admin),
  'GET /field_guides/{id}/hotspots': client,
  'PUT /field_guides/{id}/hotspots': adminRow(admin),
  'DELETE /field_guides/{id}/hotspots': adminRow(admin),
  // Photos of places and guides (docs/api.md "Photos of places and field guides"): curated like them
  'GET /hotspots/{id}/images': client,
  'POST /hotspots/{id}/images': adminRow(admin),
  'DELETE /hotspots/{id}/images/{media_id}': adminRow(admin),
  'GET /field_guides/{id}/images': client,
  'POST /field_guides/{id}/images': adminRow(admin),
  'DELETE /field_guides/{id}/images/{media_id}': adminRow(admin),

  // Reference data
  'GET /languages': client,
  'GET /taxa/classifications': client,
  'GET /taxa': client,
  'GET /taxa/{id}/children': client,
  'GET /habitat': client,

  // Species (SPEC §6: species-details-edit needs admin or species-admin:r for an existing one)
  'POST /species': client,
  'GET /species/{id}': client,
  'PUT /species/{id}': adminRow({ role: 'admin', permission: 'species-admin:r' }),
  'DELETE /species/{id}': adminRow(admin),
  'GET /species/{id}/distribution_map': client,
  'GET /species/{id}/images': client,
  'POST /species/{id}/images': adminRow({ role: 'admin', permission: 'species-admin:r' }),
  'DELETE /species/{id}/images/{media_id}': adminRow(
    { role: 'admin', permission: 'species-admin:r' },
    {
      note: "another member's species photo (its uploader may delete it too)",
      prepare: async (context) => {
        const owner = await context.newMember();
        const photoId = await insertSpeciesPhoto(context.t, owner.id);
        const photo = await context.t.db
          .selectFrom('media')
          .select('species_id')
          .where('id', '=', photoId)
          .executeTakeFirstOrThrow();
        return { path: { id: photo.species_id ?? '', media_id: photoId } };
      },
    },
  ),
  'GET /species_images': client,
  'GET /species_targeted': member,

  // Sightings and media: one's own, or public ones (no admin override)
  'GET /observations': member,
  'GET /observations/stats/{species_id}': client,
  'GET /species/{id}/observations': client,
  'PUT /species/{id}/observations': member,
  'GET /species/{id}/observations/{obs_id}': client,
  'PUT /species/{id}/observations/{obs_id}': member,
  'DELETE /species/{id}/observations/{obs_id}': member,
  'GET /collection/{name}': client,
  'PUT /collection/{name}': member,
  'POST /collection/{name}/verify': member,
  'GET /comment/{id}': client,
  'GET /media/{id}/comments': client,
  'PUT /media/{id}/comments/{comment_id}': member,
  'DELETE /media/{id}/comments/{comment_id}': { ...member, note: 'its author or the photo owner' },
  'PUT /media/{id}/comments/{comment_id}/reply': member,
  'DELETE /media/{id}/comments/{comment_id}/{reply_id}': member,
  'DELETE /media/{id}/comments/{comment_id}/reply/{reply_id}': member,
  'GET /media/{id}/likes': client,
  'PUT /media/{id}/likes/{user}': member,
  'GET /media/{id}/{variant}': anyone,
  'PUT /media/{id}/base64': member,
  'GET /media/{id}/base64': client,
  'GET /media/{id}/meta': client,
  'DELETE /media/{id}/preview': member,
  'DELETE /trips/{id}': member,

  // Newsfeed, chats, groups (SPEC §7 "Newsfeed, trips, chats, groups")
  'GET /newsfeed': { ...client, overrides: { query: { include_following: 'false' } } },
  'PUT /newsfeed': member,
  'GET /newsfeed/{id}': client,
  'PUT /newsfeed/{id}': member,
  'DELETE /newsfeed/{id}': adminRow(
    { role: 'admin', permission: 'admin-newsfeed:d' },
    {
      note: "another member's post (its author may delete it too)",
      prepare: async (context) => {
        const author = await context.newMember();
        const posted = await context.call('PUT /newsfeed', author.token, { body: { text: 'A post' } });
        return { path: { id: (JSON.parse(posted.body) as { item: { feed_id: string } }).item.feed_id } };
      },
      reason: messages.postNotYours,
    },
  ),
  'GET /newsfeed/{id}/{x}': client,
  'GET /chats/events': member,
  'GET /chats': member,
  'GET /chats/status': member,
  'GET /chats/{id}/messages': member,
  'PUT /chats/{id}/messages': member,
  'GET /chats/{id}/status': member,
  'PUT /chats/{id}/status/{x}': { ...member, note: 'x is the caller' },
  'PUT /groups': member,
  'GET /groups': client,
  'PUT /groups/{id}': adminRow(
    { role: 'admin', permission: 'admin-groups:u' },
    {
      note: "another member's group (its own admins may edit it too)",
      prepare: async (context) => {
        const owner = await context.newMember();
        const made = await context.call('PUT /groups', owner.token, { body: { title: 'A group' } });
        const groupId = (JSON.parse(made.body) as { group: { group_id: string } }).group.group_id;
        return { path: { id: groupId }, body: { title: 'Renamed' } };
      },
      reason: messages.groupAdminsOnly,
    },
  ),
  'GET /groups/{id}': client,
  'GET /groups/{id}/members': client,
  'PUT /groups/{id}/members/{user_id}': {
    ...member,
    note: 'oneself, or the group admins (tests/server/community-groups.test.ts)',
  },
  'DELETE /groups/{id}/members/{user_id}': { ...member, note: 'oneself, or the group admins' },
  'GET /push/key': client,
  'PUT /push/subscriptions': member,
  'DELETE /push/subscriptions': member,

  // Ebooks (SPEC §6: ebook listing, details, chapter and media need role admin; every call is theirs)
  'GET /ebooks': adminRow(admin),
  'POST /ebooks': adminRow(admin),
  'GET /ebooks/{id}': adminRow(admin),
  'PUT /ebooks/{id}': adminRow(admin),
  'GET /ebooks/{id}/export': adminRow(admin),
  'PUT /ebooks/{id}/toc': adminRow(admin),
  'POST /ebooks/{id}/clone': adminRow(admin),
  'PUT /ebooks/{id}/chapter_status': adminRow(admin),
  'POST /ebooks/{id}/chapter': adminRow(admin),
  'GET /ebooks/{id}/chapter/{chapter}': adminRow(admin),
  'PUT /ebooks/{id}/chapter/{chapter}': adminRow(admin),
  'GET /ebooks/{id}/chapter/{chapter}/species': adminRow(admin),
  'PUT /ebooks/{id}/chapter_species/{chapter}': adminRow(admin),
  'GET /ebooks/admin/page_templates': adminRow(admin),
  'POST /ebooks/admin/page_templates': adminRow(admin),
  'GET /ebooks/admin/page_templates/{id}': adminRow(admin),
  'PUT /ebooks/admin/page_templates/{id}': adminRow(admin),
  'POST /ebooks/media': adminRow(admin),
  'GET /ebooks/admin/media': adminRow(admin),
  'GET /ebooks/admin/media/{id}': adminRow(admin),

  // Logbooks and the shop (SPEC §6: merchant-product is admin-only)
  'GET /logbooks': client,
  'GET /logbooks/owned': member,
  'PUT /logbooks/activate': member,
  'GET /logbooks/product/{id}': client,
  'GET /logbooks/refresh/{id}': member,
  'GET /logbooks/download/{id}': member,
  'POST /logbooks/codes': adminRow(admin),
  'GET /logbooks/codes': adminRow(admin),
  'GET /logbooks/codes/csv': adminRow(admin),
  'GET /merchant/products': client,
  'POST /merchant/products': adminRow(admin),
  'GET /merchant/products/{id}': client,
  'PUT /merchant/products/{id}': adminRow(admin),
  'GET /merchant/orders': adminRow(admin),
  'GET /merchant/orders/{id}': adminRow(admin),
  'POST /merchant/orders/{id}/refund': adminRow(admin),
  'GET /merchant/files/images/{*}': anyone,
  'POST /upload_request': adminRow(admin),
  'PUT /upload_request/{token}': adminRow(admin),
  'GET /commerce/{id}/cart': client,
  'PUT /commerce/{id}/cart': client,
  'POST /commerce/discount_code': client,
  'POST /commerce/discount_codes': adminRow(admin),
  'GET /commerce/discount_codes': adminRow(admin),
  'POST /commerce/discount_codes/{code}/end': adminRow(admin),
  'PUT /commerce/payment': member,
  'POST /commerce/play_billing': {
    ...member,
    note: 'its own pending Play order (tests/server/play-billing.test.ts)',
  },
  'GET /commerce/orders': member,
  'GET /commerce/orders/{id}': {
    ...member,
    note: 'its member or an admin (tests/server/shop-checkout.test.ts)',
  },
  'POST /commerce/webhook/stripe': { ...anyone, note: "Stripe's signature" },
  'GET /commerce/test_gateway/{id}': anyone,
  'POST /commerce/test_gateway/{id}': anyone,
};

/** A call that may be refused for the hidden variant only: GET merchant/products?show_hidden. */
const ADMIN_VARIANTS: Record<string, Row> = {
  'GET /merchant/products?show_hidden': adminRow(admin, {
    overrides: { query: { show_hidden: 'true' } },
  }),
};

// ---------------------------------------------------------------------------------------------

interface Principal {
  name: string;
  roles: string[];
  permissions: Permissions;
  who?: Someone;
}

let t: TestApp;
let operations: Map<string, Operation>;
let clientToken: string;
const principals: Principal[] = [];

/** Every area a row names, each with every flag: a flag never stands in for another. */
function permissionAreas(): string[] {
  const areas = new Set<string>(['admin']);
  for (const row of [...Object.values(CALLS), ...Object.values(ADMIN_VARIANTS)]) {
    if (row.who === 'admin' && row.rule.permission) areas.add(row.rule.permission.split(':')[0] ?? '');
  }
  return [...areas];
}

async function signedIn(roles: string[], permissions: Permissions = {}): Promise<Someone> {
  const created = await createSignedInMember(t, { roles, permissions });
  return { id: created.id, token: created.token };
}

function send(operation: Operation, token: string | null, overrides: Overrides = {}) {
  const request = sampleRequest(operation, overrides);
  return t.app.inject({
    method: request.method,
    url: request.url,
    ...(token ? { headers: bearer(token) } : {}),
    ...(request.payload === undefined ? {} : { payload: request.payload as object }),
  });
}

const context: Context = {
  get t() {
    return t;
  },
  newMember: () => signedIn(['member']),
  async call(key, token, overrides) {
    const operation = operations.get(key);
    if (!operation) throw new Error(`no operation ${key}`);
    const response = await send(operation, token, overrides);
    if (response.statusCode >= 300) throw new Error(`${key}: ${response.statusCode} ${response.body}`);
    return response;
  },
};

/** The independent reading of SPEC §6: role admin or superadmin, or exactly the stated permission. */
function expectedAllowed(principal: Principal, rule: AdminRule): boolean {
  if (principal.roles.includes('admin') || principal.roles.includes('superadmin')) return true;
  if (rule.alsoRole && principal.roles.includes(rule.alsoRole)) return true;
  if (!rule.permission) return false;
  const [area = '', flag = 'r'] = rule.permission.split(':');
  return principal.permissions[area]?.includes(flag as never) ?? false;
}

function failedReason(body: string): unknown {
  const parsed = JSON.parse(body) as { status?: string; reason?: string };
  return parsed.status === 'failed' ? parsed.reason : `not the envelope: ${body}`;
}

beforeAll(async () => {
  t = await buildTestApp();
  operations = new Map(
    (await operationsOf(t.app, API_PREFIX)).map((operation) => [operation.key, operation]),
  );
  clientToken = await fetchClientToken(t);
  for (const role of ROLES)
    principals.push({
      name: `role ${role}`,
      roles: role === 'member' ? ['member'] : ['member', role],
      permissions: {},
    });
  for (const area of permissionAreas()) {
    for (const flag of PERMISSION_FLAGS) {
      principals.push({ name: `${area}:${flag}`, roles: ['member'], permissions: { [area]: [flag] } });
    }
  }
  for (const principal of principals) principal.who = await signedIn(principal.roles, principal.permissions);
});
afterAll(() => t.close());

describe('the table covers the whole API', () => {
  it('every operation of the OpenAPI document has a rule, and every rule an operation', () => {
    const live = [...operations.keys()].sort();
    expect(
      live.filter((key) => !(key in CALLS)),
      'calls without a rule in CALLS',
    ).toEqual([]);
    expect(
      Object.keys(CALLS).filter((key) => !operations.has(key)),
      'rules for calls that are gone',
    ).toEqual([]);
  });

  it('every permission area a rule names can be granted and filtered on /admin-users', () => {
    const grantable: readonly string[] = PERMISSION_AREAS;
    expect(permissionAreas().filter((area) => !grantable.includes(area))).toEqual([]);
  });
});

const adminRows = Object.entries({ ...CALLS, ...ADMIN_VARIANTS }).filter(
  (entry): entry is [string, Extract<Row, { who: 'admin' }>] => entry[1].who === 'admin',
);

describe('admin calls: guests and client tokens 401, members without the right 403, the right gets in', () => {
  it.each(adminRows.map(([key, row]) => [key, row] as const))('%s', async (key, row) => {
    const operation = operations.get(key.split('?')[0] ?? key);
    if (!operation) throw new Error(`no operation ${key}`);
    const attempt = async (caller: Someone | null, token = caller?.token ?? null) => {
      const prepared = row.prepare ? await row.prepare(context, caller) : {};
      const overrides: Overrides = {
        path: { ...row.overrides?.path, ...prepared.path },
        query: { ...row.overrides?.query, ...prepared.query },
        body: { ...row.overrides?.body, ...prepared.body },
      };
      return send(operation, token, overrides);
    };
    const guest = await attempt(null);
    expect(guest.statusCode, key).toBe(401);
    expect(failedReason(guest.body), key).toBe(messages.signInRequired);
    const client = await attempt(null, clientToken);
    expect(client.statusCode, `${key} with a client token`).toBe(401);
    const wrong: string[] = [];
    for (const principal of principals) {
      const response = await attempt(principal.who ?? null);
      const allowed = expectedAllowed(principal, row.rule);
      if (allowed && (response.statusCode === 401 || response.statusCode === 403)) {
        wrong.push(`${principal.name}: refused ${response.statusCode} ${response.body}`);
      }
      if (!allowed) {
        const reason = failedReason(response.body);
        if (response.statusCode !== 403 || reason !== (row.reason ?? messages.notAuthorised)) {
          wrong.push(`${principal.name}: expected 403, got ${response.statusCode} ${response.body}`);
        }
      }
    }
    expect(wrong, `${key} (rule ${JSON.stringify(row.rule)})`).toEqual([]);
  });
});

const otherRows = Object.entries(CALLS).filter(
  (entry): entry is [string, Exclude<Row, { who: 'admin' }>] =>
    entry[1].who !== 'admin' && entry[0] !== 'GET /chats/events' && entry[0] !== 'POST /logout',
);

describe('the other calls: no admin rule hides behind them', () => {
  it('members-only calls refuse guests and client tokens (401); client calls refuse guests', async () => {
    const wrong: string[] = [];
    for (const [key, row] of otherRows) {
      const operation = operations.get(key);
      if (!operation) continue;
      const guest = await send(operation, null, row.overrides);
      const refusesGuest = guest.statusCode === 401 && failedReason(guest.body) === messages.signInRequired;
      if (row.who !== 'anyone' && !refusesGuest)
        wrong.push(`${key} guest: ${guest.statusCode} ${guest.body}`);
      if (row.who === 'anyone' && refusesGuest) wrong.push(`${key} wants a token: not 'anyone'`);
      const client = await send(operation, clientToken, row.overrides);
      const refusesClient =
        client.statusCode === 401 && failedReason(client.body) === messages.signInRequired;
      if (row.who === 'member' && !refusesClient)
        wrong.push(`${key} client: ${client.statusCode} ${client.body}`);
      if (row.who === 'client' && refusesClient) wrong.push(`${key} refuses a client token: not 'client'`);
    }
    expect(wrong).toEqual([]);
  });

  it('none refuses a plain member while admitting a superadmin', async () => {
    const plain = await signedIn(['member']);
    const superadmin = await signedIn(['member', 'superadmin']);
    const wrong: string[] = [];
    for (const [key, row] of otherRows) {
      const operation = operations.get(key);
      if (!operation) continue;
      const asMember = await send(operation, plain.token, row.overrides);
      if (asMember.statusCode !== 403) continue;
      const asSuperadmin = await send(operation, superadmin.token, row.overrides);
      if (asSuperadmin.statusCode !== 403) {
        wrong.push(`${key}: member 403, superadmin ${asSuperadmin.statusCode}: give it an admin row`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
