/**
 * Hands a file the app made (a PDF, a CSV, an export of unsent records) to the browser as a
 * download, under the given name.
 */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The click has started the download; a second later the address is no longer needed (revoked at
  // once, some browsers cancel a download they have not begun to read).
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 1_000);
}
