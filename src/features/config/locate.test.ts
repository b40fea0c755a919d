import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LOCATION_ID } from '@contract/reference';
import type { ConfigLocation } from '../../db/kv';
import {
  DEFAULT_LOCATION,
  DIALOG_POSITION_ATTEMPTS,
  DIALOG_POSITION_OPTIONS,
  STARTUP_POSITION_OPTIONS,
  chooseInitialLocation,
  locateNearest,
  type GeoPoint,
  type InitialLocationDeps,
  type PositionSource,
} from './locate';

const capeTown: GeoPoint = { lat: -33.9249, lng: 18.4241 };
const westernCape: ConfigLocation = {
  location_id: 'ZAF-1189',
  name: 'Western Cape',
  parent_location: [{ location_id: 'ZAF', name: 'South Africa' }],
};
const southAfrica: ConfigLocation = { location_id: 'ZAF', name: 'South Africa', parent_location: [] };

/** A Geolocation API error as the browser reports it (code 1 = permission denied, 3 = timeout). */
function positionError(code: 1 | 2 | 3): Error & { code: number } {
  return Object.assign(new Error(`position error ${code}`), { code });
}

function deps(overrides: Partial<InitialLocationDeps> = {}) {
  const log = vi.fn();
  const nearest = vi.fn((_point: GeoPoint) => Promise.resolve<ConfigLocation | undefined>(westernCape));
  const byIp = vi.fn(() => Promise.resolve<ConfigLocation | undefined>(southAfrica));
  const position = vi.fn<PositionSource>(() => Promise.resolve(capeTown));
  return { position, nearest, byIp, log, ...overrides };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the initial location chain (SPEC §4 "Initial config")', () => {
  it('asks the device with high accuracy, 5000 ms and maximum age 0, then the nearest location', async () => {
    const d = deps();
    await expect(chooseInitialLocation(d)).resolves.toEqual({ location: westernCape, source: 'position' });
    expect(d.position).toHaveBeenCalledWith({ enableHighAccuracy: true, timeout: 5000, maximumAge: 0 });
    expect(STARTUP_POSITION_OPTIONS).toEqual({ enableHighAccuracy: true, timeout: 5000, maximumAge: 0 });
    expect(d.nearest).toHaveBeenCalledWith(capeTown);
    expect(d.byIp).not.toHaveBeenCalled();
  });

  it('falls back to the IP lookup when the position is denied, and logs why', async () => {
    const d = deps({ position: vi.fn<PositionSource>(async () => Promise.reject(positionError(1))) });
    await expect(chooseInitialLocation(d)).resolves.toEqual({ location: southAfrica, source: 'geoip' });
    expect(d.nearest).not.toHaveBeenCalled();
    expect(d.log).toHaveBeenCalledWith(
      'Initial config: no device position',
      expect.objectContaining({ code: 1 }),
    );
  });

  it('falls back to the IP lookup when the nearest-location lookup fails or finds nothing', async () => {
    const failing = deps({ nearest: vi.fn(async () => Promise.reject(new Error('offline'))) });
    await expect(chooseInitialLocation(failing)).resolves.toMatchObject({ source: 'geoip' });
    const empty = deps({ nearest: vi.fn(() => Promise.resolve(undefined)) });
    await expect(chooseInitialLocation(empty)).resolves.toMatchObject({ source: 'geoip' });
  });

  it('ends with the default United States location when every lookup fails, swallowing the errors', async () => {
    const d = deps({
      position: vi.fn<PositionSource>(async () => Promise.reject(positionError(2))),
      byIp: vi.fn(async () => Promise.reject(new Error('offline'))),
    });
    await expect(chooseInitialLocation(d)).resolves.toEqual({
      location: DEFAULT_LOCATION,
      source: 'default',
    });
    expect(DEFAULT_LOCATION).toMatchObject({
      location_id: DEFAULT_LOCATION_ID,
      name: 'United States of America',
    });
    expect(d.log).toHaveBeenCalledTimes(2);
  });

  it('does not wait forever on a permission prompt nobody answers', async () => {
    vi.useFakeTimers();
    const d = deps({
      position: vi.fn<PositionSource>(() => new Promise(() => {})),
      positionDeadlineMs: 30_000,
    });
    const chosen = chooseInitialLocation(d);
    await vi.advanceTimersByTimeAsync(30_000);
    await expect(chosen).resolves.toMatchObject({ source: 'geoip' });
  });
});

describe("the config dialog's location lookup (SPEC §4, §9)", () => {
  const noSleep = async () => {};

  it('tries the position up to 10 times with a 2000 ms timeout, then gives up', async () => {
    const position = vi.fn<PositionSource>(async () => Promise.reject(positionError(3)));
    const nearest = vi.fn();
    const found = await locateNearest({
      position,
      nearest,
      isRetryable: () => true,
      signal: new AbortController().signal,
      sleep: noSleep,
    });
    expect(found).toBeUndefined();
    expect(position).toHaveBeenCalledTimes(DIALOG_POSITION_ATTEMPTS);
    expect(DIALOG_POSITION_ATTEMPTS).toBe(10);
    expect(position).toHaveBeenCalledWith(expect.objectContaining({ timeout: 2000 }));
    expect(DIALOG_POSITION_OPTIONS.timeout).toBe(2000);
    expect(nearest).not.toHaveBeenCalled();
  });

  it('stops asking at once when the permission is denied', async () => {
    const position = vi.fn<PositionSource>(async () => Promise.reject(positionError(1)));
    await locateNearest({
      position,
      nearest: vi.fn(),
      isRetryable: () => true,
      signal: new AbortController().signal,
    });
    expect(position).toHaveBeenCalledTimes(1);
  });

  it('uses the position of a later attempt', async () => {
    const position = vi
      .fn<PositionSource>()
      .mockRejectedValueOnce(positionError(3))
      .mockRejectedValueOnce(positionError(3))
      .mockResolvedValue(capeTown);
    const found = await locateNearest({
      position,
      nearest: () => Promise.resolve(westernCape),
      isRetryable: () => true,
      signal: new AbortController().signal,
    });
    expect(found).toEqual(westernCape);
    expect(position).toHaveBeenCalledTimes(3);
  });

  it('retries the lookup every 100 ms while it gets no answer, until the dialog goes away', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const nearest = vi.fn(async () => Promise.reject(new Error('no answer')));
    const found = locateNearest({
      position: () => Promise.resolve(capeTown),
      nearest,
      isRetryable: () => true,
      signal: controller.signal,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(nearest).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(99);
    expect(nearest).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(nearest).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(300);
    expect(nearest).toHaveBeenCalledTimes(5);
    controller.abort();
    await expect(found).resolves.toBeUndefined();
    await vi.advanceTimersByTimeAsync(1000);
    expect(nearest).toHaveBeenCalledTimes(5);
  });

  it('does not retry a lookup the server refused', async () => {
    const nearest = vi.fn(async () => Promise.reject(new Error('Bad request')));
    const found = await locateNearest({
      position: () => Promise.resolve(capeTown),
      nearest,
      isRetryable: () => false,
      signal: new AbortController().signal,
    });
    expect(found).toBeUndefined();
    expect(nearest).toHaveBeenCalledTimes(1);
  });
});
