import { z } from 'zod';
import { requestRelease } from './release-request';
import { githubRepository, type ReleaseSource } from './release-source';

// crates.io's API (GET /api/v1/crates/<name>): only the fields we use.
const CrateSchema = z.object({
  crate: z.object({
    name: z.string(),
    max_stable_version: z.string().nullable().optional(),
    newest_version: z.string(),
    repository: z.string().nullable().optional(),
  }),
  versions: z.array(z.object({ num: z.string(), created_at: z.string() })),
});

/** crates.io's public JSON: the newest stable version and when it was published. */
export function createCratesIoSource(config: { baseUrl: string } = { baseUrl: 'https://crates.io' }): ReleaseSource {
  return {
    id: 'crates',
    name: 'crates.io',
    async lookup(subject, options) {
      const name = subject.trim().toLowerCase();
      if (!/^[a-z0-9][\w-]*$/.test(name)) return { facts: null };
      const url = `${config.baseUrl.replace(/\/+$/, '')}/api/v1/crates/${encodeURIComponent(name)}`;
      const { body } = await requestRelease('crates.io', url, CrateSchema, options);
      if (!body) return { facts: null };
      const version = body.crate.max_stable_version ?? body.crate.newest_version;
      const published = body.versions.find((v) => v.num === version)?.created_at;
      if (!published) return { facts: null };
      const repository = githubRepository(body.crate.repository);
      return {
        facts: {
          name: body.crate.name,
          version,
          published,
          url: `https://crates.io/crates/${body.crate.name}/${version}`,
          publisher: 'crates.io',
          ...(repository ? { repository } : {}),
        },
      };
    },
  };
}
