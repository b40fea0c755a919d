import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileMediaStore, mediaKey } from './store';
import { present } from '../../../present';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fieldmark-media-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('mediaKey', () => {
  it('names the two variants of a server-generated id', () => {
    const id = randomUUID();
    expect(mediaKey(id, 'original')).toBe(`${id}/original.jpg`);
    expect(mediaKey(id, 'thumbnail')).toBe(`${id}/thumbnail.webp`);
  });

  it('refuses anything that is not a UUID', () => {
    for (const id of ['../../etc/passwd', 'photo', `${randomUUID()}/..`, '']) {
      expect(() => mediaKey(id, 'original')).toThrow(/invalid media key/);
    }
  });
});

describe('file media store', () => {
  it('writes, reads and deletes a file under a folder per id, leaving no empty folders', async () => {
    const store = createFileMediaStore({ dir });
    const id = randomUUID();
    const original = mediaKey(id, 'original');
    const thumbnail = mediaKey(id, 'thumbnail');
    await store.put(original, Buffer.from('big'));
    await store.put(thumbnail, Buffer.from('small'));
    expect(existsSync(join(dir, id.slice(0, 2), id, 'original.jpg'))).toBe(true);

    const file = await store.open(thumbnail);
    expect(file?.size).toBe(5);
    expect(await text(present(file).stream)).toBe('small');

    await store.delete([original, thumbnail]);
    expect(await store.open(original)).toBeNull();
    expect(await readdir(join(dir, id.slice(0, 2)))).toEqual([]);
    await store.delete([original]);
  });

  it('refuses keys a client could have made up, before touching the disk', async () => {
    const store = createFileMediaStore({ dir });
    for (const key of [
      '../outside.jpg',
      `${randomUUID()}/../../x.jpg`,
      `${randomUUID()}/original.png`,
      '/etc/passwd',
    ]) {
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(/invalid media key/);
      await expect(store.open(key)).rejects.toThrow(/invalid media key/);
    }
    expect(await readdir(dir)).toEqual([]);
  });
});
