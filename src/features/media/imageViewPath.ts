/**
 * The address of a photo's page (SPEC §2 `/image-view`): the photo, and optionally the sighting it
 * belongs to, so the page can find the photo on the device while the server cannot answer.
 */
export function imageViewPath(mediaId: string, observationId?: string): string {
  const query = new URLSearchParams({ media_id: mediaId });
  if (observationId !== undefined) query.set('observation_id', observationId);
  return `/image-view?${query.toString()}`;
}
