/**
 * The printable PDF of a member's filled checklist (`GET logbooks/download/{id}?format=pdf`;
 * docs/shop.md "Printing a logbook"), read back with pdf.js: names with macrons in the embedded
 * font, the ticked species with the date and place of its first sighting, group and whole totals,
 * the header on every page of a long logbook and a family's heading again where its species run
 * onto a new page; owners only (401 guests, 403 others, 404 unknown).
 */
import { sql } from 'kysely';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import type { ProductResponse } from '@contract/shop';
import {
  buildTestApp,
  callApi,
  createLocation,
  createMember,
  fetchClientToken,
  signIn,
  type TestApp,
} from './helpers';
import { present } from '../../src/test/present';
import { observationRecord, pushRecords } from './observation-helpers';
import { logbookInput } from './shop-helpers';

let t: TestApp;
let admin: string;
let member: string;
let memberId: string;
let other: string;
let client: string;
let birds: string;
let long: string;

const pdfUrl = (id: string, tz = 'Pacific/Auckland') => `/logbooks/download/${id}?format=pdf&tz=${tz}`;

async function species(
  id: string,
  location: string,
  names: { name: string; scientific: string; family: string | null; sort: number },
) {
  await sql`INSERT INTO species (id, group_id, classifications, scientific_name, name, family, sort, taxa, source, source_id, mod, rev)
    VALUES (${id}, 'birds', ${['birds-pdf']}, ${names.scientific}, ${names.name}, ${names.family}, ${names.sort},
      '{}'::jsonb, 'mdd', ${id}, 1, '1_x')`.execute(t.db);
  await sql`INSERT INTO species_locations (species_id, location_id, occurrence, source)
    VALUES (${id}, ${location}, 'present', 'test')`.execute(t.db);
}

async function ownByCode(productId: string, token: string) {
  const batch = await callApi(t, 'POST', '/logbooks/codes', admin, { product_id: productId, count: 1 });
  const [code] = batch.json<{ codes: string[] }>().codes;
  const activated = await callApi(t, 'PUT', '/logbooks/activate', token, { activation_code: code });
  expect(activated.statusCode).toBe(200);
}

/** The text of each page, its items joined by spaces. */
async function pdfPages(bytes: Buffer): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 })
    .promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  await pdf.destroy();
  return pages;
}

beforeAll(async () => {
  t = await buildTestApp();
  await createLocation(t, { id: 'XN', name: 'Testland North' });
  await createLocation(t, { id: 'XL', name: 'Testland Long' });
  await species('pdf-pukeko', 'XN', {
    name: 'Pūkeko',
    scientific: 'Porphyrio melanotus',
    family: 'Rallidae',
    sort: 1,
  });
  await species('pdf-weka', 'XN', {
    name: 'Weka',
    scientific: 'Gallirallus australis',
    family: 'Rallidae',
    sort: 2,
  });
  await species('pdf-snipe', 'XN', {
    name: "Wilson's Snipe",
    scientific: 'Gallinago delicata',
    family: 'Scolopacidae',
    sort: 3,
  });
  for (let i = 0; i < 120; i += 1) {
    await species(`pdf-long-${i}`, 'XL', {
      name: `Long-list bird ${i}`,
      scientific: `Testavis numerus${i}`,
      family: `Family ${Math.floor(i / 15)}`,
      sort: i,
    });
  }
  admin = (await signIn(t, await createMember(t, { roles: ['member', 'admin'] }))).auth_token;
  const owner = await createMember(t, { nickname: 'aroha' });
  memberId = owner.id;
  member = (await signIn(t, owner)).auth_token;
  other = (await signIn(t, await createMember(t))).auth_token;
  client = await fetchClientToken(t);
  const product = (name: string, location: string) =>
    callApi(
      t,
      'POST',
      '/merchant/products',
      admin,
      logbookInput({ name, grants: { logbook: { location_id: location, classification: 'birds-pdf' } } }),
    );
  birds = (await product('Birds of Aotearoa', 'XN')).json<ProductResponse>().product.id;
  long = (await product('A long list', 'XL')).json<ProductResponse>().product.id;
  await ownByCode(birds, member);
  await ownByCode(long, member);
  // Two sightings of the Pūkeko: the first (2 Mar 2026, 23:30 UTC = 3 Mar in Auckland) names its place.
  await pushRecords(t, member, [
    observationRecord(memberId, 'pdf-obs-1', {
      species_id: 'pdf-pukeko',
      date: Date.UTC(2026, 2, 2, 23, 30) / 1000,
      location: { last_mod: 1, names: { 'NZ-WGN': 'Wellington', NZL: 'New Zealand' } },
    }),
    observationRecord(memberId, 'pdf-obs-2', {
      species_id: 'pdf-pukeko',
      date: Date.UTC(2026, 5, 1) / 1000,
      location: { last_mod: 1, names: { 'NZ-AUK': 'Auckland', NZL: 'New Zealand' } },
    }),
  ]);
}, 300_000);
afterAll(() => t.close());

describe('the printed checklist', () => {
  it('is a PDF attachment of the filled checklist: names, the tick with its date and place, totals', async () => {
    const response = await callApi(t, 'GET', pdfUrl(birds), member);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="birds-of-aotearoa-\d{4}-\d\d-\d\d\.pdf"$/,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const pages = await pdfPages(response.rawPayload);
    expect(pages).toHaveLength(1);
    const text = present(pages[0], 'the first page');
    expect(text).toContain('Birds of Aotearoa');
    expect(text).toContain('Kept by Test (aroha)');
    expect(text).toMatch(/Printed \d{1,2} \w{3} \d{4}/);
    expect(text).toContain('Pūkeko');
    expect(text).toContain('Porphyrio melanotus');
    expect(text).toContain("Wilson's Snipe");
    expect(text).toContain('Gallinago delicata');
    // Grouped by family with each group's count; the first sighting in the member's time zone.
    expect(text).toMatch(
      /Rallidae 1 of 2 ☑ Pūkeko Porphyrio melanotus First seen 3 Mar 2026 · 2 sightings · Wellington, New Zealand ☐ Weka/,
    );
    expect(text).toMatch(/Scolopacidae 0 of 1 ☐ Wilson's Snipe/);
    expect(text).toContain('Total: 1 of 3 species seen');
    expect(text.match(/☑/g)).toHaveLength(1);
    expect(text.match(/☐/g)).toHaveLength(2);

    // The same sighting written in UTC is still 2 March.
    const utc = await pdfPages(
      (await callApi(t, 'GET', `/logbooks/download/${birds}?format=pdf`, member)).rawPayload,
    );
    expect(utc[0]).toContain('First seen 2 Mar 2026');
  });

  it('repeats the header on every page of a long logbook', async () => {
    const response = await callApi(t, 'GET', pdfUrl(long), member);
    expect(response.statusCode).toBe(200);
    const pages = await pdfPages(response.rawPayload);
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((page, index) => {
      expect(page).toContain('A long list');
      expect(page).toContain('Kept by Test (aroha)');
      expect(page).toContain('0 of 120 species seen');
      expect(page).toContain(`Page ${index + 1}`);
    });
    const all = pages.join(' ');
    for (let i = 0; i < 120; i += 1) expect(all).toContain(`Long-list bird ${i} Testavis numerus${i}`);
    // A family running over a page break is headed again at the top of the next page; one that
    // starts a page has its own heading there, not a continued one.
    let continued = 0;
    pages.slice(1).forEach((page) => {
      const first = Number(present(/Long-list bird (\d+) /.exec(page), 'a bird on the page')[1]);
      const family = `Family ${Math.floor(first / 15)}`;
      if (first % 15 === 0) {
        expect(page).not.toContain('(continued)');
        expect(page).toMatch(new RegExp(`${family} 0 of 15 ☐ Long-list bird ${first} `));
      } else {
        continued += 1;
        expect(page).toMatch(new RegExp(`seen ${family} \\(continued\\) ☐ Long-list bird ${first} `));
      }
    });
    expect(continued).toBeGreaterThan(0);
    expect(pages.at(-1)).toContain('Total: 0 of 120 species seen');
  });

  it('is the owner’s only: 401 for a guest, 403 for another member, 404 for no logbook, 400 for a bad zone', async () => {
    expect((await callApi(t, 'GET', pdfUrl(birds), client)).statusCode).toBe(401);
    expect((await callApi(t, 'GET', pdfUrl(birds), undefined)).statusCode).toBe(401);
    const refused = await callApi(t, 'GET', pdfUrl(birds), other);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect((await callApi(t, 'GET', pdfUrl('00000000-0000-4000-8000-000000000000'), member)).statusCode).toBe(
      404,
    );
    const badZone = await callApi(t, 'GET', pdfUrl(birds, 'Mars/Olympus'), member);
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json<{ reason: string }>().reason).toBe(messages.logbookTimeZoneUnknown);
    // Without format the call still answers the device's JSON.
    const json = await callApi(t, 'GET', `/logbooks/download/${birds}`, member);
    expect(json.json()).toMatchObject({ status: 'success', logbook: { product_id: birds, seen: 1 } });
  });
});
