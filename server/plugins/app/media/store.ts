/**
 * Where photo files live, behind one small interface (the house style: see mail/mailer.ts).
 *
 * The embedded default, `createFileMediaStore`, keeps them under MEDIA_DIR (DATA_DIR/media), and
 * the API serves them at GET media/{id}/{variant}. A production deployment keeps that directory on
 * a persistent volume and may put a CDN in front of the route (MEDIA_PUBLIC_BASE). An object-store
 * adapter (S3 and compatibles) is deliberately not included: it cannot be exercised here (no
 * network), and untested storage code is worse than none. Adding one means implementing
 * `MediaStore` with the same keys (docs/operations.md "Media storage").
 *
 * Keys are made by the server only (`mediaKey`): '<uuid>/original.jpg' or '<uuid>/thumbnail.webp'.
 * Every method checks the key against that shape, so no name from a client can reach the file
 * system, and the file store checks again that the resolved path stays inside its directory.
 */
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import type { MediaVariant } from '@contract/media';

export const VARIANT_FILES: Record<MediaVariant, { file: string; contentType: string }> = {
  original: { file: 'original.jpg', contentType: 'image/jpeg' },
  thumbnail: { file: 'thumbnail.webp', contentType: 'image/webp' },
};

const KEY =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/(?:original\.jpg|thumbnail\.webp)$/;

/** The store key of one variant of a photo; `id` must be a server-generated UUID. */
export function mediaKey(id: string, variant: MediaVariant): string {
  const key = `${id.toLowerCase()}/${VARIANT_FILES[variant].file}`;
  assertKey(key);
  return key;
}

function assertKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`invalid media key '${key}'`);
}

export interface StoredFile {
  stream: Readable;
  size: number;
}

export interface MediaStore {
  readonly kind: 'file';
  put(key: string, bytes: Buffer): Promise<void>;
  /** The file, or null when there is none. */
  open(key: string): Promise<StoredFile | null>;
  /** Removes the files; keys that do not exist are ignored. */
  delete(keys: readonly string[]): Promise<void>;
}

export function createFileMediaStore(options: { dir: string }): MediaStore {
  const root = resolve(options.dir);
  // Files are spread over 256 folders by the id's first two hex digits: '3f/3f2a…/thumbnail.webp'.
  const pathOf = (key: string) => {
    assertKey(key);
    const path = resolve(root, key.slice(0, 2), key);
    if (!path.startsWith(root + sep)) throw new Error(`media key '${key}' leaves the media directory`);
    return path;
  };
  return {
    kind: 'file',
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Write beside, then rename: a reader never sees half a file.
      const partial = `${path}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, path);
    },
    async open(key) {
      const path = pathOf(key);
      try {
        const info = await stat(path);
        if (!info.isFile()) return null;
        return { stream: createReadStream(path), size: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(keys) {
      const folders = new Set<string>();
      for (const key of keys) {
        const path = pathOf(key);
        await rm(path, { force: true });
        folders.add(dirname(path));
      }
      for (const folder of folders) {
        // Only succeeds once the photo's folder is empty; another variant still there is fine.
        await rmdir(folder).catch(() => undefined);
      }
    },
  };
}

/** The default store of a server: MEDIA_DIR, else DATA_DIR/media. */
export function defaultMediaDir(config: { mediaDir: string | undefined; dataDir: string }): string {
  return config.mediaDir ?? join(config.dataDir, 'media');
}
