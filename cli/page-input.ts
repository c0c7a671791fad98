import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { MAX_PAGE_HTML_CHARS, MAX_PAGE_HTML_LABEL } from '../lib/pages/page-limit';
import { FailureError, fileError, type Io } from './io';

/** Files people pass by mistake, by their first bytes as UTF-8 decodes them (a byte it cannot read is U+FFFD). */
const SIGNATURES: Array<[string, string]> = [
  ['\uFFFDPNG\r\n', 'a PNG image'],
  ['\uFFFD\uFFFD\uFFFD', 'a JPEG image'],
  ['GIF87a', 'a GIF image'],
  ['GIF89a', 'a GIF image'],
  ['%PDF-', 'a PDF document'],
  ['PK\x03\x04', 'a ZIP archive (a .docx, .epub or .zip?)'],
  ['\x1F\uFFFD', 'a gzip archive'],
];
/** A tag of the markup every saved page has (or a doctype): what makes a file an HTML page here. */
const HTML_MARKUP = /<(?:!doctype\s+html|html|head|body|title|main|article|section|div|p|h[1-6]|ul|ol|table|span|a)[\s>/]/i;

/** What a binary file is ("a PNG image", "a binary file"), or null for text. */
export function binaryKind(text: string): string | null {
  const signed = SIGNATURES.find(([start]) => text.startsWith(start));
  if (signed) return signed[1];
  return text.slice(0, 8000).includes('\u0000') ? 'a binary file' : null;
}

/**
 * Why a file is not an HTML page, or null when it is one. "HTML" here: text (no NUL byte, no known
 * binary signature) with at least one element of a page's markup. JSON and plain text are not.
 */
export function notHtmlReason(text: string): string | null {
  const head = text.replace(/^\uFEFF/, '').trimStart();
  const binary = binaryKind(text);
  if (binary) return `is ${binary}, not an HTML page`;
  // JSON first: a JSON file may hold markup in its strings, and HTML never parses as JSON.
  if (/^[[{]/.test(head)) {
    try {
      JSON.parse(head);
      return 'is JSON, not an HTML page';
    } catch {
      // Not JSON: HTML or plain text, told apart below.
    }
  }
  if (HTML_MARKUP.test(text)) return null;
  return 'has no HTML markup (no <html>, <body>, <p>… element)';
}

const NOT_HTML_HINT = 'save the page as HTML (the browser\'s "Save Page As…", web page) and pass that file';

/**
 * The bytes read of a file at most: enough for MAX_PAGE_HTML_CHARS characters whatever the text
 * (UTF-8 takes at most 3 bytes per UTF-16 unit), so a huge file is never read whole.
 */
const MAX_READ_BYTES = 3 * MAX_PAGE_HTML_CHARS;

/** Pages above this size print what is being done with them on stderr (their extraction takes seconds). */
export const LONG_PAGE_CHARS = 1_000_000;

/** "20.1 MB", "740 KB": a size for a message. */
export function sizeLabel(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  return bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${Math.round(bytes / 1000)} KB`;
}

/** The first MAX_READ_BYTES of a file as UTF-8, with the file's full size when it has one. */
async function readHead(path: string): Promise<{ text: string; size: number }> {
  let size: number;
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw Object.assign(new Error('directory'), { code: 'EISDIR' });
    size = info.isFile() ? info.size : 0;
  } catch (e) {
    throw fileError(path, e);
  }
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of createReadStream(path, { end: MAX_READ_BYTES - 1 })) chunks.push(chunk as Buffer);
  } catch (e) {
    throw fileError(path, e);
  }
  const bytes = Buffer.concat(chunks);
  return { text: bytes.toString('utf8'), size: Math.max(size, bytes.length) };
}

/** A page given to the command line: its HTML, up to the limit, and what to call it in messages. */
export interface PageInput {
  html: string;
  /** The file's name, or "stdin". */
  source: string;
  /** Whether the HTML was cut at MAX_PAGE_HTML_CHARS. */
  cut: boolean;
}

/**
 * Reads a saved HTML page (a file, or stdin for "-") for a command: one clear line (exit 1) for
 * a file that is missing, a directory, empty, binary, JSON or plain text; HTML over the page size
 * limit is cut there, as the extension cuts a tab's, and the cut said on stderr.
 */
export async function readHtmlPage(file: string, io: Pick<Io, 'readStdin' | 'err'>, command: string): Promise<PageInput> {
  const source = file === '-' ? 'stdin' : file;
  let text: string;
  let size: number;
  if (file === '-') {
    text = await io.readStdin();
    size = Buffer.byteLength(text, 'utf8');
  } else ({ text, size } = await readHead(file));
  if (text.replace(/^\uFEFF/, '').trim() === '') throw new FailureError(`${source} is empty`);
  const notHtml = notHtmlReason(text.slice(0, MAX_PAGE_HTML_CHARS));
  if (notHtml) throw new FailureError(`${source} ${notHtml}: ${NOT_HTML_HINT}`);
  const cut = text.length > MAX_PAGE_HTML_CHARS;
  if (cut)
    io.err(
      `spanlight ${command}: ${source} is ${sizeLabel(size)}, over the ${MAX_PAGE_HTML_LABEL} page size limit: ` +
        `only its first ${MAX_PAGE_HTML_CHARS.toLocaleString('en-US')} characters of HTML are read`,
    );
  return { html: cut ? text.slice(0, MAX_PAGE_HTML_CHARS) : text, source, cut };
}
