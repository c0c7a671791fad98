import { z } from 'zod';
import { endpointUrl, requireKey, toSearchHits } from '@/lib/search/endpoint';
import { requestJson } from '@/lib/search/http';
import type { SearchProvider } from '@/lib/search/provider';
import { fitQuery } from '@/lib/providers/query-limits';
import { example } from './example-provider';

const ResponseSchema = z.object({ items: z.array(z.object({ link: z.string(), name: z.string() })) });

/** The made-up provider's adapter, as lib/search/<id>.ts would speak its protocol: GET {base}/find?q=… with X-Key. */
export function createExampleProvider(config: { apiKey: string; baseUrl: string }): SearchProvider {
  return {
    id: example.id,
    name: example.name,
    limits: example.limits,
    async search(asked, options) {
      const query = fitQuery(asked, example.limits);
      const url = endpointUrl(example.name, config.baseUrl, 'find');
      url.searchParams.set('q', query);
      const body = await requestJson(
        {
          provider: example.name,
          place: 'Search',
          url: url.toString(),
          init: { headers: { 'X-Key': requireKey(example.name, config.apiKey) } },
          timeoutMs: options.timeoutMs,
          fetch: options.fetch,
        },
        ResponseSchema,
      );
      const rows = body.items.map((r, i) => ({ position: i + 1, url: r.link, title: r.name }));
      return toSearchHits(example.id, query, rows, [], options.now?.() ?? new Date(), options.count);
    },
  };
}
