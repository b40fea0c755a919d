// @vitest-environment happy-dom
/**
 * Photos of a sighting: picked, resized on the device, featured, queued with the save, and shown
 * from the queue until uploaded. happy-dom cannot decode or draw images, so the browser's image
 * decoder (createImageBitmap) and canvas (OffscreenCanvas) are stand-ins at that boundary; the
 * size computation, the JPEG request, the queue and the form are the real ones.
 */
import 'fake-indexeddb/auto';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { labels } from '../../app/labels';
import { recordingTexts } from './texts';
import { formatMessage } from '@contract/messages';
import { db } from '../../db/db';
import { forgetFix } from '../../lib/position';
import { basemapFetch } from '../species/map/testBasemap';
import { demoSpecies } from '../species/testSpecies';
import { memberPhotoUrl, recordObservation } from './observationsRepo';
import {
  MEMBER_ID,
  removeDeviceStubs,
  renderRecording,
  resetDatabase,
  storedSightings,
  stubGeolocation,
} from './testRecording';
import { useObservationPhotoSrc } from './useObservationPhotoSrc';
import { present } from '../../test/present';

const woodThrush = demoSpecies('Hylocichla mustelina');
const JPEG_BYTES = [0xff, 0xd8, 0xff, 0xd9];

/** The browser's decoder and canvas: what was drawn at which size, and with which encoding. */
function stubImagePipeline(decoded: { width: number; height: number } | 'unreadable') {
  const drawn: Array<{ width: number; height: number; type?: string; quality?: number }> = [];
  const decode = vi.fn((_file: Blob, _options?: ImageBitmapOptions) =>
    decoded === 'unreadable'
      ? Promise.reject(new DOMException('The source image could not be decoded.'))
      : Promise.resolve({ ...decoded, close: vi.fn() }),
  );
  class FakeOffscreenCanvas {
    constructor(
      readonly width: number,
      readonly height: number,
    ) {}
    getContext() {
      return { drawImage: vi.fn() };
    }
    convertToBlob(options: { type?: string; quality?: number }) {
      drawn.push({ width: this.width, height: this.height, ...options });
      return Promise.resolve(new Blob([new Uint8Array(JPEG_BYTES)], { type: options.type }));
    }
  }
  vi.stubGlobal('createImageBitmap', decode);
  vi.stubGlobal('OffscreenCanvas', FakeOffscreenCanvas);
  return { decode, drawn };
}

const photoFile = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/jpeg' });

function choosePhotos(files: File[]) {
  // The input the "Choose photos" button opens (hidden: the button is the control).
  const input = present(document.querySelector('input[type="file"][multiple]'), 'the photo input');
  fireEvent.change(input, { target: { files } });
}

beforeAll(async () => {
  await Promise.all([import('./RecordObservationPage'), import('../species/pages')]);
});

beforeEach(async () => {
  forgetFix();
  stubGeolocation(['error']);
  vi.stubGlobal('fetch', basemapFetch());
  await resetDatabase();
});

afterEach(() => {
  vi.unstubAllGlobals();
  removeDeviceStubs();
});

describe('photos in the form', () => {
  it('resizes them to fit 2048 × 2048 as JPEG 90 %, and saves them queued with the featured one', async () => {
    const { decode, drawn } = stubImagePipeline({ width: 4032, height: 3024 });
    renderRecording(`/species-observation/${woodThrush.id}`);
    await screen.findByRole('heading', { level: 1, name: labels.recordSighting });
    choosePhotos([photoFile('IMG_0001.jpg'), photoFile('IMG_0002.jpg')]);

    const second = await screen.findByAltText(formatMessage(recordingTexts.sightingPhotoAlt, { number: 2 }));
    expect(second.getAttribute('src')).toMatch(/^blob:/);
    expect(present(decode.mock.calls[0], 'a decode call')[1]).toEqual({ imageOrientation: 'from-image' });
    expect(drawn).toEqual([
      { width: 2048, height: 1536, type: 'image/jpeg', quality: 0.9 },
      { width: 2048, height: 1536, type: 'image/jpeg', quality: 0.9 },
    ]);
    const featured = screen.getByRole('radiogroup', { name: recordingTexts.sightingFeaturedPhoto });
    fireEvent.click(within(featured).getByRole('radio', { name: 'Photo 2' }));
    fireEvent.click(screen.getByRole('button', { name: recordingTexts.sightingSave }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Wood Thrush' })).toBeTruthy();
    const row = present((await storedSightings())[0], 'the saved sighting');
    expect(row.media.map((item) => item.featured)).toEqual([false, true]);
    const queued = await db.photo_uploads.where('observation_id').equals(row.id).toArray();
    expect(queued).toHaveLength(2);
    expect(queued[0]).toMatchObject({
      user_id: MEMBER_ID,
      content_type: 'image/jpeg',
      width: 2048,
      height: 1536,
    });
    expect([...new Uint8Array(present(queued[0], 'a queued photo').bytes)]).toEqual(JPEG_BYTES);
  });

  it('removes a photo before saving and says which file is no photo', async () => {
    stubImagePipeline('unreadable');
    renderRecording(`/species-observation/${woodThrush.id}`);
    await screen.findByRole('heading', { level: 1, name: labels.recordSighting });
    choosePhotos([photoFile('notes.txt')]);
    expect(
      await screen.findByText(formatMessage(recordingTexts.sightingPhotoUnreadable, { name: 'notes.txt' })),
    ).toBeTruthy();

    stubImagePipeline({ width: 800, height: 600 });
    choosePhotos([photoFile('IMG_0003.jpg')]);
    await screen.findByAltText(formatMessage(recordingTexts.sightingPhotoAlt, { number: 1 }));
    fireEvent.click(
      screen.getByRole('button', { name: formatMessage(recordingTexts.sightingRemovePhoto, { number: 1 }) }),
    );
    await waitFor(() => {
      expect(screen.queryByRole('radiogroup', { name: recordingTexts.sightingFeaturedPhoto })).toBeNull();
    });
  });
});

function PhotoSrc({ media }: { media: { media_id: string; path: string } }) {
  const src = useObservationPhotoSrc(media);
  return <output data-testid="src">{src ?? 'loading'}</output>;
}

describe('useObservationPhotoSrc', () => {
  it('shows a queued photo from its bytes until it is uploaded, then from its path', async () => {
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const sighting = await recordObservation(
      db,
      MEMBER_ID,
      {
        species_id: woodThrush.id,
        taxa: null,
        coordinate: null,
        coordinate_hidden: true,
        date: Date.UTC(2024, 4, 1) / 1000,
        public: true,
        note: '',
      },
      {
        photos: [
          {
            media_id: 'photo-1',
            bytes: new Uint8Array(JPEG_BYTES).buffer,
            content_type: 'image/jpeg',
            width: 2,
            height: 2,
          },
        ],
      },
    );
    const media = present(sighting.media[0], 'the photo');
    expect(media.path).toBe(memberPhotoUrl('photo-1'));

    const view = render(<PhotoSrc media={media} />);
    await waitFor(() => {
      expect(screen.getByTestId('src').textContent).toMatch(/^blob:/);
    });
    const objectUrl = screen.getByTestId('src').textContent;

    // The photo queue uploaded it and dropped it from the queue.
    await act(() => db.photo_uploads.delete('photo-1'));
    await waitFor(() => {
      expect(screen.getByTestId('src').textContent).toBe(media.path);
    });
    expect(revoke).toHaveBeenCalledWith(objectUrl);
    view.unmount();
  });

  it('revokes the object URL when the photo is no longer shown', async () => {
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    await db.photo_uploads.put({
      media_id: 'photo-2',
      observation_id: 'o-1',
      user_id: MEMBER_ID,
      bytes: new Uint8Array(JPEG_BYTES).buffer,
      content_type: 'image/jpeg',
      width: 2,
      height: 2,
      created: 1,
      attempts: 0,
    });
    const view = render(<PhotoSrc media={{ media_id: 'photo-2', path: memberPhotoUrl('photo-2') }} />);
    await waitFor(() => {
      expect(screen.getByTestId('src').textContent).toMatch(/^blob:/);
    });
    const objectUrl = screen.getByTestId('src').textContent;
    view.unmount();
    expect(revoke).toHaveBeenCalledWith(objectUrl);
  });
});
