/**
 * From an uploaded photo to the two files we store (SPEC §9 "Image resize": max 2048×2048,
 * quality 90, aspect kept):
 * - `original`: turned upright by its EXIF orientation, fitted inside 2048×2048 (never enlarged),
 *   JPEG quality 90;
 * - `thumbnail`: the same fitted inside 320×320, WebP.
 * Both are re-encoded with no metadata at all: sharp drops EXIF (camera, time and the GPS
 * position, which would give away where a photo was taken: SPEC's geoprivacy), XMP and IPTC unless
 * asked to keep them, and we never ask. Transparent images are flattened onto white (JPEG has no
 * alpha).
 *
 * Untrusted input: the format is read from the bytes (never from a name or a data-URL prefix) and
 * must be a raster photo format; SVG and the rest are refused. Images above PHOTO_MAX_PIXELS are
 * refused before decoding (decompression bombs), and sharp's default `failOn: 'warning'` rejects
 * damaged pixel data.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Insertable } from 'kysely';
import sharp, { type Metadata } from 'sharp';
import {
  PHOTO_MAX_BASE64_LENGTH,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PIXELS,
  PHOTO_MAX_SIDE,
  PHOTO_QUALITY,
  THUMBNAIL_SIDE,
  type MediaVariant,
} from '@contract/media';
import { formatMessage, messages } from '@contract/messages';
import type { MediaTable, MediaVariants } from './tables';
import { ApiError, badRequest } from '../../../errors';
import { mediaKey, VARIANT_FILES, type MediaStore } from './store';

/** Formats sharp reads that a camera or phone photo comes in ('heif' covers AVIF and HEIC). */
const PHOTO_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'gif', 'tiff']);

const THUMBNAIL_QUALITY = 80;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const WHITE = { r: 255, g: 255, b: 255 };

export interface ProcessedFile {
  variant: MediaVariant;
  bytes: Buffer;
  contentType: string;
  width: number;
  height: number;
}

export const photoTooLarge = () =>
  new ApiError(413, formatMessage(messages.photoTooLarge, { mb: PHOTO_MAX_BYTES / (1024 * 1024) }));

/**
 * The bytes of a `photo` field: a base64 data URL (`data:image/jpeg;base64,…`) or bare base64.
 * Line breaks and spaces (some encoders wrap base64) are ignored; anything else that is not base64
 * is a 400 (`notBase64`, which names the field), and more than PHOTO_MAX_BYTES a 413.
 */
export function decodePhotoField(photo: string, notBase64: string = messages.photoNotBase64): Buffer {
  let payload = photo;
  if (payload.startsWith('data:')) {
    const comma = payload.indexOf(',');
    if (comma === -1 || !payload.slice(0, comma).endsWith(';base64')) throw badRequest(notBase64);
    payload = payload.slice(comma + 1);
  }
  if (payload.length > PHOTO_MAX_BASE64_LENGTH) throw photoTooLarge();
  payload = payload.replace(/\s+/g, '');
  // Checked first: Node's decoder skips characters that are not base64 instead of failing.
  if (!BASE64.test(payload) || payload.length % 4 === 1) throw badRequest(notBase64);
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length > PHOTO_MAX_BYTES) throw photoTooLarge();
  return bytes;
}

/**
 * The `errorHandler` of an upload route: a body over the route's limit is refused before the
 * handler, and says so in the photo's terms (413); everything else goes on to the app's handler.
 */
export function photoBodyTooLarge(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
  void reply.code(413).send({ status: 'failed', reason: photoTooLarge().reason });
}

/** The stored files of an uploaded photo; throws 400 for what is not a photo, 413 for too large. */
export async function processPhoto(
  input: Buffer,
): Promise<{ original: ProcessedFile; thumbnail: ProcessedFile }> {
  if (input.length > PHOTO_MAX_BYTES) throw photoTooLarge();
  let metadata: Metadata;
  try {
    // No pixel limit here: reading the header decodes nothing, and the limit is checked below with a clear 413.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(messages.photoNotImage);
  }
  if (!PHOTO_FORMATS.has(metadata.format)) throw badRequest(messages.photoNotImage);
  if (metadata.width * metadata.height > PHOTO_MAX_PIXELS) {
    throw new ApiError(413, formatMessage(messages.photoTooManyPixels, { mp: PHOTO_MAX_PIXELS / 1_000_000 }));
  }

  try {
    const original = await sharp(input, { limitInputPixels: PHOTO_MAX_PIXELS, autoOrient: true })
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: WHITE })
      .jpeg({ quality: PHOTO_QUALITY })
      .toBuffer({ resolveWithObject: true });
    // From the 2048 px JPEG rather than the upload: one big decode per photo instead of two.
    const thumbnail = await sharp(original.data)
      .resize({ width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: THUMBNAIL_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return {
      original: {
        variant: 'original',
        bytes: original.data,
        contentType: VARIANT_FILES.original.contentType,
        width: original.info.width,
        height: original.info.height,
      },
      thumbnail: {
        variant: 'thumbnail',
        bytes: thumbnail.data,
        contentType: VARIANT_FILES.thumbnail.contentType,
        width: thumbnail.info.width,
        height: thumbnail.info.height,
      },
    };
  } catch {
    // Damaged pixel data, or a format variant the bundled libvips cannot decode (HEVC-coded HEIC).
    throw badRequest(messages.photoNotImage);
  }
}

/** What the `media` row records of a photo's processed files, stored under the photo's id. */
export function storedVariants(id: string, files: Record<MediaVariant, ProcessedFile>): MediaVariants {
  const describe = (file: ProcessedFile) => ({
    key: mediaKey(id, file.variant),
    content_type: file.contentType,
    width: file.width,
    height: file.height,
    bytes: file.bytes.length,
  });
  return { original: describe(files.original), thumbnail: describe(files.thumbnail) };
}

/**
 * A curated upload (species, place, guide photos): processed, then its files written under a new id.
 * The caller inserts the row and removes `keys` if that fails.
 */
export async function storeNewPhoto(
  store: MediaStore,
  bytes: Buffer,
): Promise<{ id: string; variants: MediaVariants; keys: string[] }> {
  const files = await processPhoto(bytes);
  const id = randomUUID();
  const variants = storedVariants(id, files);
  await store.put(variants.original.key, files.original.bytes);
  await store.put(variants.thumbnail.key, files.thumbnail.bytes);
  return { id, variants, keys: [variants.original.key, variants.thumbnail.key] };
}

/** The `media` row of a new photo: its files' variants and size, uploaded now. */
export function newMediaRow(
  input: Omit<Insertable<MediaTable>, 'variants' | 'width' | 'height' | 'created_at'> & {
    variants: MediaVariants;
    now: number;
  },
): Insertable<MediaTable> {
  const { variants, now, ...columns } = input;
  return {
    ...columns,
    variants: JSON.stringify(variants),
    width: variants.original.width,
    height: variants.original.height,
    created_at: new Date(now),
  };
}
