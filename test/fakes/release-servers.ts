import type http from 'node:http';
import { sendJson, type RecordedRequest } from './http-server';

/** A package a release fake knows: its latest version, when it was published, its GitHub repository. */
export interface FakeRelease {
  name: string;
  version: string;
  published: string;
  repository?: string;
}

type Handler = (req: RecordedRequest, res: http.ServerResponse) => void;

/** The npm registry: GET /<name> → the package document (dist-tags, time, repository). */
export function npmRegistryHandler(packages: FakeRelease[]): Handler {
  return (req, res) => {
    const name = decodeURIComponent(new URL(req.url, 'http://x').pathname.slice(1));
    const p = packages.find((x) => x.name === name);
    if (!p) return sendJson(res, 404, { error: 'Not found' });
    sendJson(res, 200, {
      _id: p.name,
      name: p.name,
      'dist-tags': { latest: p.version },
      versions: { [p.version]: { name: p.name, version: p.version } },
      time: { created: '2010-12-29T19:38:25.450Z', modified: p.published, [p.version]: p.published },
      ...(p.repository ? { repository: { type: 'git', url: `git+https://github.com/${p.repository}.git` } } : {}),
    });
  };
}

/** PyPI: GET /pypi/<name>/json → info and the latest version's files. */
export function pypiHandler(packages: FakeRelease[]): Handler {
  return (req, res) => {
    const m = /^\/pypi\/([^/]+)\/json$/.exec(new URL(req.url, 'http://x').pathname);
    const p = m && packages.find((x) => x.name.toLowerCase() === decodeURIComponent(m[1]!).toLowerCase());
    if (!p) return sendJson(res, 404, { message: 'Not Found' });
    sendJson(res, 200, {
      info: {
        name: p.name,
        version: p.version,
        project_urls: p.repository ? { Source: `https://github.com/${p.repository}` } : null,
      },
      urls: [{ filename: `${p.name}-${p.version}.tar.gz`, upload_time_iso_8601: p.published }],
    });
  };
}

/** crates.io: GET /api/v1/crates/<name> → crate and versions. */
export function cratesIoHandler(packages: FakeRelease[]): Handler {
  return (req, res) => {
    const m = /^\/api\/v1\/crates\/([^/]+)$/.exec(new URL(req.url, 'http://x').pathname);
    const p = m && packages.find((x) => x.name === decodeURIComponent(m[1]!));
    if (!p) return sendJson(res, 404, { errors: [{ detail: 'Not Found' }] });
    sendJson(res, 200, {
      crate: {
        name: p.name,
        max_stable_version: p.version,
        newest_version: p.version,
        repository: p.repository ? `https://github.com/${p.repository}` : null,
      },
      versions: [{ num: p.version, created_at: p.published }],
    });
  };
}

/** endoflife.date: GET /api/<product>.json → release cycles, newest first. */
export function endOfLifeHandler(products: FakeRelease[]): Handler {
  return (req, res) => {
    const m = /^\/api\/([^/]+)\.json$/.exec(new URL(req.url, 'http://x').pathname);
    const p = m && products.find((x) => x.name === m[1]);
    if (!p) return sendJson(res, 404, { message: 'Product not found' });
    sendJson(res, 200, [
      {
        cycle: p.version.split('.')[0],
        releaseDate: '2020-01-01',
        eol: false,
        latest: p.version,
        latestReleaseDate: p.published.slice(0, 10),
      },
    ]);
  };
}

/** GitHub's REST API: GET /repos/<owner>/<repo>/releases/latest, with its keyless rate-limit headers. */
export function githubHandler(releases: FakeRelease[], limit = { remaining: 59 }): Handler {
  return (req, res) => {
    const m = /^\/repos\/([^/]+\/[^/]+)\/releases\/latest$/.exec(new URL(req.url, 'http://x').pathname);
    const reset = String(Math.floor(Date.now() / 1000) + 3600);
    const rate = { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': String(limit.remaining), 'x-ratelimit-reset': reset };
    if (limit.remaining <= 0)
      return sendJson(
        res,
        403,
        {
          message: 'API rate limit exceeded for 127.0.0.1.',
          documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api',
        },
        rate,
      );
    limit.remaining--;
    const p = m && releases.find((x) => x.repository === m[1]);
    if (!p)
      return sendJson(
        res,
        404,
        { message: 'Not Found', documentation_url: 'https://docs.github.com/rest/releases/releases#get-the-latest-release' },
        rate,
      );
    sendJson(
      res,
      200,
      {
        tag_name: `v${p.version}`,
        name: `${p.version}`,
        published_at: p.published,
        html_url: `https://github.com/${p.repository}/releases/tag/v${p.version}`,
        draft: false,
        prerelease: false,
      },
      rate,
    );
  };
}
