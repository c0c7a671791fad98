import { z } from 'zod';
import { requestRelease } from './release-request';
import type { ReleaseSource } from './release-source';

// endoflife.date's API (GET /api/<product>.json): release cycles, newest first; only the fields we use.
const CyclesSchema = z.array(
  z.object({
    cycle: z.union([z.string(), z.number()]),
    latest: z.union([z.string(), z.number()]).optional(),
    latestReleaseDate: z.string().optional(),
    releaseDate: z.string().optional(),
  }),
);

/** endoflife.date's public JSON: the newest release cycle's latest version and its date. */
export function createEndOfLifeSource(config: { baseUrl: string } = { baseUrl: 'https://endoflife.date' }): ReleaseSource {
  return {
    id: 'endoflife',
    name: 'endoflife.date',
    async lookup(subject, options) {
      // Product ids are lower case without spaces or dots: "Node.js" is "nodejs".
      const product = subject
        .trim()
        .toLowerCase()
        .replace(/[\s.]+/g, '');
      if (!/^[a-z0-9][a-z0-9-]*$/.test(product)) return { facts: null };
      const url = `${config.baseUrl.replace(/\/+$/, '')}/api/${encodeURIComponent(product)}.json`;
      const { body } = await requestRelease('endoflife.date', url, CyclesSchema, options);
      const newest = body?.[0];
      if (!newest) return { facts: null };
      const version = String(newest.latest ?? newest.cycle);
      const published = newest.latestReleaseDate ?? newest.releaseDate;
      if (!published) return { facts: null };
      return {
        facts: {
          name: subject.trim(),
          version,
          published,
          url: `https://endoflife.date/${product}`,
          publisher: 'endoflife.date',
        },
      };
    },
  };
}
