/**
 * The ad form's state and what it sends. Pure. The form keeps what the admin typed as text (a
 * refused save never loses it) and turns it into PUT ads/{id}'s body, checked against the
 * contract's own schema (AdWriteSchema), so the client refuses what the server would, with the
 * form's words under each field instead of the schema's.
 *
 * Dates are whole UTC days, as the stats are: the ad starts at 00:00 UTC of its start date and
 * runs to the end (23:59:59 UTC) of its end date.
 */
import { Compile } from 'typebox/compile';
import { AdWriteSchema, type Ad, type AdPlacement, type AdWrite } from '@contract/ads';
import { adsTexts as texts } from './adsTexts';

export interface AdDraft {
  title: string;
  text: string;
  image: string;
  link: string;
  placements: AdPlacement[];
  regions: string;
  startDate: string;
  endDate: string;
  active: boolean;
  latitude: string;
  longitude: string;
}

export type AdFieldErrors = Partial<Record<keyof AdDraft, string>>;

export type AdDraftOutcome = { kind: 'valid'; input: AdWrite } | { kind: 'invalid'; errors: AdFieldErrors };

const DAY_SECONDS = 86_400;

export const emptyAdDraft: AdDraft = {
  title: '',
  text: '',
  image: '',
  link: '',
  placements: ['newsfeed'],
  regions: '',
  startDate: '',
  endDate: '',
  active: true,
  latitude: '',
  longitude: '',
};

/** `YYYY-MM-DD` of a time in seconds, in UTC; '' for none. */
export function dateOfSeconds(seconds: number | null): string {
  return seconds === null ? '' : new Date(seconds * 1000).toISOString().slice(0, 10);
}

/** Seconds at 00:00 UTC of a `YYYY-MM-DD` date; null for '', NaN for anything else. */
function secondsOfDate(date: string): number | null {
  if (date.trim() === '') return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date.trim())) return Number.NaN;
  return Date.parse(`${date.trim()}T00:00:00Z`) / 1000;
}

/** Whether an ad's link is one the app opens: an absolute https address. */
export function isHttpsLink(link: string | null): link is string {
  if (link === null) return false;
  try {
    return new URL(link).protocol === 'https:';
  } catch {
    return false;
  }
}

export function draftOfAd(ad: Ad): AdDraft {
  return {
    title: ad.title,
    text: ad.text,
    image: ad.image ?? '',
    link: ad.link ?? '',
    placements: [...ad.placements],
    regions: ad.regions.join(', '),
    startDate: dateOfSeconds(ad.starts_at),
    // The stored end is the last second of its day.
    endDate: dateOfSeconds(ad.ends_at),
    active: ad.active,
    latitude: ad.latitude === null ? '' : String(ad.latitude),
    longitude: ad.longitude === null ? '' : String(ad.longitude),
  };
}

/** Empty is null, a number is itself, anything else stays text (the schema refuses it). */
function numberOrNull(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
}

const textOrNull = (text: string) => (text.trim() === '' ? null : text.trim());

const problems: Record<keyof AdWrite, string> = {
  title: texts.problemTitle,
  text: texts.problemText,
  image: texts.problemUrl,
  link: texts.problemUrl,
  placements: texts.problemPlacements,
  regions: texts.problemRegions,
  starts_at: texts.problemDate,
  ends_at: texts.problemDate,
  active: texts.problemText,
  latitude: texts.problemLatitude,
  longitude: texts.problemLongitude,
};

/** Which form field shows a body field's problem. */
const fieldOf: Record<keyof AdWrite, keyof AdDraft> = {
  title: 'title',
  text: 'text',
  image: 'image',
  link: 'link',
  placements: 'placements',
  regions: 'regions',
  starts_at: 'startDate',
  ends_at: 'endDate',
  active: 'active',
  latitude: 'latitude',
  longitude: 'longitude',
};

let adCheck: ReturnType<typeof Compile<typeof AdWriteSchema>> | undefined;

export function checkAdDraft(draft: AdDraft): AdDraftOutcome {
  const start = secondsOfDate(draft.startDate);
  const endDay = secondsOfDate(draft.endDate);
  const body = {
    title: draft.title.trim(),
    text: draft.text.trim(),
    image: textOrNull(draft.image),
    link: textOrNull(draft.link),
    placements: draft.placements,
    regions: draft.regions
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== ''),
    starts_at: start,
    ends_at: endDay === null ? null : endDay + DAY_SECONDS - 1,
    active: draft.active,
    latitude: numberOrNull(draft.latitude),
    longitude: numberOrNull(draft.longitude),
  };
  adCheck ??= Compile(AdWriteSchema);
  const errors: AdFieldErrors = {};
  for (const error of adCheck.Errors(body)) {
    const key = error.instancePath.split('/')[1] as keyof AdWrite | undefined;
    if (key === undefined || !(key in fieldOf)) continue;
    errors[fieldOf[key]] ??= problems[key];
  }
  if (errors.startDate === undefined && errors.endDate === undefined && start !== null && endDay !== null) {
    if (endDay < start) errors.endDate = texts.problemEndsBeforeStart;
  }
  // The contract allows http too; the app opens only https links (docs/ads.md), so none is saved.
  if (errors.link === undefined && body.link !== null && !isHttpsLink(body.link))
    errors.link = texts.problemHttps;
  const onMap = draft.placements.includes('map');
  if (onMap && errors.latitude === undefined && body.latitude === null)
    errors.latitude = texts.problemMapPoint;
  if (onMap && errors.longitude === undefined && body.longitude === null)
    errors.longitude = texts.problemMapPoint;
  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
  return { kind: 'valid', input: body as AdWrite };
}
