import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES } from '@contract/media';
import { messages } from '@contract/messages';
import { ApiError } from '../../../errors';
import { decodePhotoField, processPhoto } from './images';

/** A 3000×2000 camera JPEG lying on its side (EXIF orientation 6) with a GPS position in its EXIF. */
async function cameraJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 40, g: 120, b: 60 } } })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'FieldCam', Model: 'FC-1' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '33/1 55/1 3/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '18/1 25/1 26/1',
        GPSMapDatum: 'WGS-84',
      },
    })
    .jpeg()
    .toBuffer();
}

/** A PNG that only claims its size (IHDR) over one row of data: enough for a header check. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + width * 3))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('processPhoto', () => {
  it('turns the photo upright, fits it in 2048 px and strips every trace of EXIF and GPS', async () => {
    const input = await cameraJpeg();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    expect(input.includes('WGS-84')).toBe(true);

    const { original, thumbnail } = await processPhoto(input);

    expect(original).toMatchObject({ contentType: 'image/jpeg', width: 1365, height: 2048 });
    expect(thumbnail).toMatchObject({ contentType: 'image/webp', width: 213, height: 320 });
    for (const file of [original, thumbnail]) {
      const metadata = await sharp(file.bytes).metadata();
      expect(metadata).toMatchObject({ width: file.width, height: file.height });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(file.bytes.includes('Exif\0\0')).toBe(false);
      expect(file.bytes.includes('WGS-84')).toBe(false);
      expect(file.bytes.includes('FieldCam')).toBe(false);
    }
    expect((await sharp(original.bytes).metadata()).format).toBe('jpeg');
    expect((await sharp(thumbnail.bytes).metadata()).format).toBe('webp');
  });

  it('never enlarges a small image and flattens transparency onto white', async () => {
    const png = await sharp({
      create: { width: 200, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const { original, thumbnail } = await processPhoto(png);
    expect(original).toMatchObject({ width: 200, height: 100 });
    expect(thumbnail).toMatchObject({ width: 200, height: 100 });
    const { data, info } = await sharp(original.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(3);
    expect([...data.subarray(0, 3)].every((value) => value > 250)).toBe(true);
  });

  it('refuses what is not a raster photo with a 400', async () => {
    const text = await rejection(processPhoto(Buffer.from('definitely not an image')));
    expect(text).toMatchObject({ statusCode: 400, reason: messages.photoNotImage });
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    expect(await rejection(processPhoto(svg))).toMatchObject({
      statusCode: 400,
      reason: messages.photoNotImage,
    });
  });

  it('refuses an image above the pixel limit with a 413 before decoding it', async () => {
    const error = await rejection(processPhoto(pngClaiming(20_000, 20_000)));
    expect(error.statusCode).toBe(413);
    expect(error.reason).toContain('100 megapixels');
  });
});

describe('decodePhotoField', () => {
  const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a]);

  it('reads a base64 data URL, bare base64 and base64 wrapped over lines', () => {
    const base64 = bytes.toString('base64');
    expect(decodePhotoField(`data:image/jpeg;base64,${base64}`)).toEqual(bytes);
    expect(decodePhotoField(base64)).toEqual(bytes);
    expect(decodePhotoField(`${base64.slice(0, 4)}\r\n${base64.slice(4)}`)).toEqual(bytes);
  });

  it('refuses what is not base64, and a data URL that is not base64-encoded', () => {
    for (const photo of ['not base64!', 'data:image/png,rawbytes', 'data:image/png;base64', '====']) {
      expect(() => decodePhotoField(photo)).toThrow(messages.photoNotBase64);
    }
  });

  it('refuses more than the size limit with a 413', () => {
    const big = Buffer.alloc(PHOTO_MAX_BYTES + 3).toString('base64');
    expect(() => decodePhotoField(big)).toThrow(expect.objectContaining({ statusCode: 413 }) as Error);
  });
});
