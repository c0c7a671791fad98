import { z } from 'zod';
import { requestRelease } from './release-request';
import { githubRepository, type ReleaseSource } from './release-source';

// The registry's package document (GET /<name>): only the fields we use.
const PackageSchema = z.object({
  name: z.string(),
  'dist-tags': z.object({ latest: z.string() }),
  time: z.record(z.string(), z.string()),
  repository: z.union([z.string(), z.object({ url: z.string().optional() })]).optional(),
});

/** The npm registry's public JSON: the "latest" dist-tag and its publication time. */
export function createNpmRegistrySource(config: { baseUrl: string } = { baseUrl: 'https://registry.npmjs.org' }): ReleaseSource {
  return {
    id: 'npm',
    name: 'npm registry',
    async lookup(subject, options) {
      const name = subject.trim().toLowerCase();
      if (!/^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/.test(name)) return { facts: null };
      const url = `${config.baseUrl.replace(/\/+$/, '')}/${name.startsWith('@') ? `@${encodeURIComponent(name.slice(1))}` : encodeURIComponent(name)}`;
      const { body } = await requestRelease('The npm registry', url, PackageSchema, options);
      if (!body) return { facts: null };
      const version = body['dist-tags'].latest;
      const published = body.time[version];
      if (!published) return { facts: null };
      const repo = typeof body.repository === 'string' ? body.repository : body.repository?.url;
      const repository = githubRepository(repo);
      return {
        facts: {
          name: body.name,
          version,
          published,
          url: `https://www.npmjs.com/package/${body.name}`,
          publisher: 'the npm registry',
          ...(repository ? { repository } : {}),
        },
      };
    },
  };
}
