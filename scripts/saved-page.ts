/**
 * A saved page's characters, decoded as a server naming the page's own charset would have them
 * decoded (fetchPage takes the charset from the Content-Type header; a saved file has only its
 * <meta>). The page-reading evaluations and their fitting scripts all read pages this way.
 */
export function decodeSavedPage(bytes: Buffer): string {
  const head = bytes.subarray(0, 4096).toString('latin1');
  const charset = /<meta[^>]+charset\s*=\s*["']?\s*([\w-]+)/i.exec(head)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}
