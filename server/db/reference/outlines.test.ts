import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { OutlinesCollection, Position } from '@contract/media';
import { DEFAULT_SOURCE_DIR } from './commands';
import { EXTRACT_DIR } from './extract';
import {
  buildOutlines,
  OUTLINES_FILE,
  ringArea,
  serializeOutlines,
  simplifyGeometry,
  simplifyRing,
} from './outlines';
import { present } from '../../present';

const square = (x: number, y: number, side: number): Position[] => [
  [x, y],
  [x + side, y],
  [x + side, y + side],
  [x, y + side],
  [x, y],
];

async function idsOf(file: string): Promise<string[]> {
  const rows = parse<{ id: string }>(await readFile(join(EXTRACT_DIR, file), 'utf8'), { columns: true });
  return rows.map((row) => row.id);
}

describe('simplifyRing', () => {
  it('snaps to the grid, drops the points thinning does not need and stays closed', () => {
    const ring: Position[] = [
      [0, 0],
      [0.51, 0.001],
      [1.02, 0],
      [1, 1.013],
      [0.49, 1.02],
      [0, 1],
      [0, 0],
    ];
    expect(simplifyRing(ring, 0.05, 0.1)).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ]);
  });

  it('answers null for a ring that collapses on the grid', () => {
    expect(simplifyRing(square(10.001, 10.001, 0.01), 0.05)).toBeNull();
  });

  it('removes back-and-forth spikes', () => {
    const ring: Position[] = [
      [0, 0],
      [1, 0],
      [2, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ];
    const simplified = simplifyRing(ring, 0.05, 0);
    expect(simplified).not.toContainEqual([2, 0]);
    expect(Math.abs(ringArea(present(simplified)))).toBe(1);
  });
});

describe('simplifyGeometry', () => {
  it('drops islands under the minimum area but keeps the mainland', () => {
    const simplified = simplifyGeometry({
      type: 'MultiPolygon',
      coordinates: [[square(0, 0, 2)], [square(5, 5, 0.1)]],
    });
    expect(simplified).toEqual({
      geometry: { type: 'Polygon', coordinates: [square(0, 0, 2)] },
      fallback: false,
    });
  });

  it('keeps a tiny location on a finer grid rather than losing its outline', () => {
    const simplified = simplifyGeometry({ type: 'Polygon', coordinates: [square(12.45, 41.9, 0.004)] });
    expect(simplified?.fallback).toBe(true);
    expect(simplified?.geometry.type).toBe('Polygon');
  });
});

describe('the committed outlines asset', () => {
  it('has one outline per country and per region with a polygon, keyed by location id, within budget', async () => {
    const text = await readFile(OUTLINES_FILE, 'utf8');
    const outlines = JSON.parse(text) as OutlinesCollection;
    const countries = await idsOf('countries.csv');
    const regions = new Set(await idsOf('regions.csv'));
    const byType = (type: string) => outlines.features.filter((feature) => feature.properties.type === type);
    expect(
      byType('country')
        .map((feature) => feature.id)
        .sort(),
    ).toEqual([...countries].sort());
    expect(byType('region')).toHaveLength(100);
    for (const feature of byType('region')) expect(regions.has(feature.id)).toBe(true);
    expect(outlines.features.find((feature) => feature.id === 'ZAF')?.properties.name).toBe('South Africa');
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(600 * 1024);
    expect(gzipSync(text).length).toBeLessThanOrEqual(200 * 1024);
  });

  it.skipIf(!existsSync(DEFAULT_SOURCE_DIR))(
    'is what reference:outlines builds from ../shared/data',
    async () => {
      const { outlines } = await buildOutlines(DEFAULT_SOURCE_DIR);
      expect(serializeOutlines(outlines)).toBe(await readFile(OUTLINES_FILE, 'utf8'));
    },
  );
});
