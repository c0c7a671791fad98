import type { FetchLike } from '../shared/fetch-like';
import { extractPage, type Extraction, type ParseHtml } from './extract';
import { yieldToEventLoop } from '../run/concurrency';

export interface FetchPageOptions {
  fetch: FetchLike;
  parseHtml: ParseHtml;
  allowPrivateNetwork: boolean;
  now: () => Date;
  /** Bytes read at most; the rest is cut and the cut reported. */
  maxBytes?: number;
  timeoutMs?: number;
  /** ETag of the cached copy: sent as If-None-Match; a 304 answers "not modified". */
  etag?: string;
  /** Called once the page's bytes are in, before it is extracted (the fetch is over; see PageReadHooks). */
  onFetched?: () => void;
}

/** What a page reader tells its caller while it reads. */
export interface PageReadHooks {
  /**
   * The request is over (the bytes are in, or it failed): extracting the page is work on this
   * thread, not a fetch, so a limit on fetches at once may start the next one from here.
   */
  onFetched?: () => void;
}

export type FetchOutcome =
  | { ok: true; extraction: Extraction; truncated: boolean; bytes: number; etag?: string; fromCache?: boolean }
  | { ok: false; url: string; reason: string; notModified?: boolean };

/**
 * Fetches one page without cookies, HTML only, within size and time caps, and extracts it.
 * Every refusal or failure is an outcome with a reason, for the trace.
 */
export async function fetchPage(url: string, options: FetchPageOptions): Promise<FetchOutcome> {
  const refused = refuseUrl(url, options.allowPrivateNetwork);
  if (refused) return { ok: false, url, reason: refused };
  const maxBytes = options.maxBytes ?? 3_000_000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  let res: Response;
  try {
    res = await options.fetch(url, {
      credentials: 'omit',
      redirect: 'follow',
      headers: { Accept: 'text/html,application/xhtml+xml', ...(options.etag ? { 'If-None-Match': options.etag } : {}) },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (e) {
    const timedOut = e instanceof DOMException && (e.name === 'TimeoutError' || e.name === 'AbortError');
    return { ok: false, url, reason: timedOut ? `no answer within ${timeoutMs / 1000} s` : 'unreachable' };
  }
  const finalUrl = res.url || url;
  const refusedFinal = refuseUrl(finalUrl, options.allowPrivateNetwork);
  if (refusedFinal) return { ok: false, url, reason: `redirected: ${refusedFinal}` };
  if (res.status === 304) return { ok: false, url, reason: 'not modified', notModified: true };
  if (!res.ok) return { ok: false, url, reason: `HTTP ${res.status}` };
  const type = res.headers.get('content-type') ?? '';
  if (type && !/text\/html|application\/xhtml\+xml/i.test(type)) {
    await res.body?.cancel();
    return { ok: false, url, reason: `not HTML (${type.split(';')[0]})` };
  }
  const { bytes, truncated } = await readCapped(res, maxBytes, timeoutMs);
  options.onFetched?.();
  // The next fetch (started by onFetched) goes out before this page's extraction takes the thread.
  await yieldToEventLoop();
  const charset = /charset=["']?([\w-]+)/i.exec(type)?.[1] ?? 'utf-8';
  let html: string;
  try {
    html = new TextDecoder(charset).decode(bytes);
  } catch {
    html = new TextDecoder('utf-8').decode(bytes);
  }
  try {
    const extraction = await extractPage(
      {
        html,
        url: finalUrl,
        lastModified: res.headers.get('last-modified'),
        retrievedAt: options.now().toISOString(),
        origin: 'web',
      },
      options.parseHtml,
    );
    const etag = res.headers.get('etag');
    return { ok: true, extraction, truncated, bytes: bytes.length, ...(etag ? { etag } : {}) };
  } catch {
    return { ok: false, url, reason: 'the page could not be parsed' };
  }
}

async function readCapped(
  res: Response,
  maxBytes: number,
  timeoutMs: number,
): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  if (!res.body) return { bytes: new Uint8Array(await res.arrayBuffer()), truncated: false };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let truncated = false;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (Date.now() > deadline) {
      truncated = true;
      break;
    }
    let step: ReadableStreamReadResult<Uint8Array>;
    try {
      step = await reader.read();
    } catch {
      // The request's time limit aborted the body: keep what arrived, and say it was cut.
      truncated = true;
      break;
    }
    const { done, value } = step;
    if (done) break;
    chunks.push(value);
    total += value.length;
    if (total >= maxBytes) {
      truncated = true;
      break;
    }
  }
  if (truncated) await reader.cancel().catch(() => undefined);
  const bytes = new Uint8Array(Math.min(total, maxBytes));
  let at = 0;
  for (const c of chunks) {
    const take = Math.min(c.length, bytes.length - at);
    bytes.set(c.subarray(0, take), at);
    at += take;
    if (at >= bytes.length) break;
  }
  return { bytes, truncated };
}

/**
 * Whether a URL points at this machine or a private network, judged from the URL alone (an
 * extension cannot resolve DNS): loopback, private, link-local and unique-local literals, and
 * "localhost" names.
 */
export function isPrivateAddress(url: URL): boolean {
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return true;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (host.includes(':')) {
    if (host === '::1' || host === '::') return true;
    if (/^f[cd]/.test(host) || /^fe[89ab]/.test(host)) return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
    if (mapped) return isPrivateAddress(new URL(`http://${mapped[1]}/`));
  }
  return false;
}

/** Why a URL may not be fetched, or null when it may. */
export function refuseUrl(raw: string, allowPrivateNetwork: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not a valid URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${url.protocol} URLs are not fetched`;
  if (!allowPrivateNetwork && isPrivateAddress(url)) return 'private-network address refused';
  return null;
}
