/**
 * Photos resized on the device before they are stored or uploaded (SPEC §5, §9 "Image max
 * 2048x2048, quality 90, aspect ratio kept"). Decoding and re-encoding as JPEG writes only the
 * pixels, so the file's EXIF block — camera details and, above all, the GPS position of a member
 * who chose to hide where they were — never leaves the device. The orientation EXIF carried is
 * applied to the pixels first (`imageOrientation: 'from-image'`), so nothing is lost by dropping it.
 */

export const IMAGE_MAX_SIDE = 2048;
export const JPEG_QUALITY = 0.9;

export interface ResizedImage {
  bytes: ArrayBuffer;
  content_type: 'image/jpeg';
  width: number;
  height: number;
}

/**
 * The size of a `width`×`height` image scaled to fit within `max`×`max`, aspect ratio kept; an
 * image that already fits keeps its size (never scaled up). Sides are whole pixels, at least 1.
 */
export function fitWithin(width: number, height: number, max: number): { width: number; height: number } {
  if (!(width > 0) || !(height > 0)) throw new RangeError(`Not an image size: ${width}×${height}`);
  if (width <= max && height <= max) return { width: Math.round(width), height: Math.round(height) };
  const scale = Math.min(max / width, max / height);
  return {
    width: Math.min(max, Math.max(1, Math.round(width * scale))),
    height: Math.min(max, Math.max(1, Math.round(height * scale))),
  };
}

async function encodeJpeg(bitmap: ImageBitmap, width: number, height: number): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
  }
  // Safari before 16.4 has no OffscreenCanvas.
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => {
        if (blob) resolve(blob);
        else reject(new Error('The image could not be encoded'));
      },
      'image/jpeg',
      JPEG_QUALITY,
    );
  });
}

/**
 * A photo file as a JPEG of at most `max`×`max` pixels. Always re-encoded, even when it already
 * fits, because that is what removes its metadata. Rejects when the browser cannot decode it.
 */
export async function resizeImage(file: Blob, max = IMAGE_MAX_SIDE): Promise<ResizedImage> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height, max);
    const blob = await encodeJpeg(bitmap, width, height);
    return { bytes: await blob.arrayBuffer(), content_type: 'image/jpeg', width, height };
  } finally {
    bitmap.close();
  }
}
