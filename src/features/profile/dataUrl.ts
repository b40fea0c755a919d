/** A resized JPEG as the data URL PUT media/{id}/base64 takes, base64 made in chunks (a whole photo overflows the stack). */
export function jpegDataUrl(bytes: ArrayBuffer): string {
  const view = new Uint8Array(bytes);
  let binary = '';
  for (let start = 0; start < view.length; start += 0x8000) {
    binary += String.fromCharCode(...view.subarray(start, start + 0x8000));
  }
  return `data:image/jpeg;base64,${btoa(binary)}`;
}
