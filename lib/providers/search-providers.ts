import { brave } from './brave';
import { exa } from './exa';
import { searxng } from './searxng';
import { serper } from './serper';
import { tavily } from './tavily';
import { wikipedia } from './wikipedia';

/**
 * Every search provider Spanlight speaks, in the order the options page lists them: the one list
 * (lib/providers/registry.ts derives the rest from it). Adding one is its description
 * (lib/providers/<id>.ts) in this list, its adapter (lib/search/<id>.ts) in lib/search/adapters.ts,
 * and its messages in the four catalogues.
 */
export const SEARCH_PROVIDERS = [wikipedia, brave, tavily, exa, searxng, serper] as const;
