/** Saves text as a file through a Blob URL (the browser's download, no permission needed). */
export function downloadText(filename: string, text: string, type: string): void {
  downloadBlob(filename, new Blob([text], { type }));
}

/** Saves a Blob as a file (a history export of any size is a Blob assembled page by page). */
export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started from the URL by now; revoking later frees the Blob.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A file-name-safe slug of a question: "what-is-the-population-of-exampleville". */
export function slug(text: string, max = 60): string {
  const s = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
  return s || 'answer';
}
