import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sourceChecksum, SPECIES_WORLD_DIR } from './sources';
import { packFile, splitLines } from './world';

const SHARED_DATA = join(SPECIES_WORLD_DIR, '../../../../../shared/data');

describe('species world lists', () => {
  it('cuts a file at line ends into parts that concatenate to it', () => {
    const text = Buffer.from('h,x\n1,a\n2,b\n3,c\n4,d\n');
    const parts = splitLines(text, 3);
    expect(parts).toHaveLength(3);
    expect(parts.every((part) => part.toString().endsWith('\n'))).toBe(true);
    expect(Buffer.concat(parts).equals(text)).toBe(true);
  });

  it('packs a file into gzip parts below the limit that unpack to the same bytes', () => {
    const lines = Array.from({ length: 4000 }, (_, i) => `${i},${(i * 7919).toString(36)}\n`);
    const text = Buffer.from(lines.join(''));
    const packed = packFile(text, 8000);
    expect(packed.length).toBeGreaterThan(1);
    expect(packed.every((part) => part.length < 8000)).toBe(true);
    expect(Buffer.concat(packed.map((part) => gunzipSync(part))).equals(text)).toBe(true);
  });

  it('commits no file of 1 MB or more', async () => {
    for (const name of await readdir(SPECIES_WORLD_DIR)) {
      expect((await stat(join(SPECIES_WORLD_DIR, name))).size, name).toBeLessThan(1_000_000);
    }
  });

  // The world lists must be ../shared/data itself, not a cut or a re-serialised copy.
  it.runIf(existsSync(SHARED_DATA))('holds the species files of ../shared/data byte for byte', async () => {
    expect(await sourceChecksum(SPECIES_WORLD_DIR)).toBe(await sourceChecksum(SHARED_DATA));
  });
});
