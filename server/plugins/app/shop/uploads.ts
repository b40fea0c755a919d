/**
 * Upload slots for product images and files (POST upload_request). An admin asks for a slot by the
 * path the file should have; the answer is a one-use URL that takes the bytes for 15 minutes. Paths
 * are checked twice: against the contract's pattern (relative, under images/ or files/, no `..`,
 * no leading slash, no backslash) and, when written, that the resolved path stays in the shop
 * directory (DATA_DIR/shop). Images are served to anyone; files/ only reach buyers (docs/shop.md).
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { messages } from '@contract/messages';
import { UPLOAD_PATH_PATTERN } from '@contract/shop';
import type { Clock } from '../../../clock';
import type { DB } from '../../../db/schema';
import { badRequest, notFound } from '../../../errors';

const SLOT_TTL_MS = 15 * 60 * 1000;
const PATH = new RegExp(UPLOAD_PATH_PATTERN);

/** Whether a client's path may name a shop file: the pattern, and no dot segments of any kind. */
export function isUploadPath(path: string): boolean {
  if (!PATH.test(path)) return false;
  return !path.split('/').some((segment) => segment === '.' || segment === '..' || segment.startsWith('.'));
}

export class ShopUploads {
  private readonly root: string;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    dataDir: string,
  ) {
    this.root = resolve(dataDir, 'shop');
  }

  /** The absolute file path, or null when it would leave the shop directory. */
  private fileOf(path: string): string | null {
    if (!isUploadPath(path)) return null;
    const file = resolve(this.root, path);
    return file.startsWith(this.root + sep) ? file : null;
  }

  async requestSlot(filepath: string, adminId: string): Promise<{ token: string; expiresAt: Date }> {
    if (this.fileOf(filepath) === null) throw badRequest(messages.uploadPathInvalid);
    const token = randomBytes(24).toString('base64url');
    const expiresAt = new Date(this.clock.now() + SLOT_TTL_MS);
    await this.db
      .insertInto('upload_slots')
      .values({ token, filepath, created_by: adminId, expires_at: expiresAt, used_at: null })
      .execute();
    return { token, expiresAt };
  }

  /** Takes the slot (once, atomically) and writes the bytes; answers the stored path. */
  async upload(token: string, bytes: Buffer): Promise<string> {
    if (bytes.length === 0) throw badRequest(messages.uploadEmpty);
    const now = new Date(this.clock.now());
    const slot = await this.db
      .updateTable('upload_slots')
      .set({ used_at: now })
      .where('token', '=', token)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('filepath')
      .executeTakeFirst();
    const file = slot ? this.fileOf(slot.filepath) : null;
    if (!slot || file === null) throw notFound(messages.uploadSlotUnknown);
    await mkdir(dirname(file), { recursive: true });
    const partial = `${file}.${token}.part`;
    await writeFile(partial, bytes);
    await rename(partial, file);
    return slot.filepath;
  }

  /** An uploaded image for anyone (files/ are not served here). */
  async openImage(path: string): Promise<{ stream: Readable; size: number } | null> {
    if (!path.startsWith('images/')) return null;
    const file = this.fileOf(path);
    if (file === null) return null;
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      return { stream: createReadStream(file), size: info.size };
    } catch {
      return null;
    }
  }
}
