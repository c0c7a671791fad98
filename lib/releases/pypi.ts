import { z } from 'zod';
import { requestRelease } from './release-request';
import { githubRepository, type ReleaseSource } from './release-source';

// PyPI's JSON API (GET /pypi/<name>/json): only the fields we use.
const ProjectSchema = z.object({
  info: z.object({
    name: z.string(),
    version: z.string(),
    project_urls: z.record(z.string(), z.string()).nullable().optional(),
    home_page: z.string().nullable().optional(),
  }),
  urls: z.array(z.object({ upload_time_iso_8601: z.string() })),
});

/** PyPI's public JSON: the latest version and when its files were uploaded. */
export function createPypiSource(config: { baseUrl: string } = { baseUrl: 'https://pypi.org' }): ReleaseSource {
  return {
    id: 'pypi',
    name: 'PyPI',
    async lookup(subject, options) {
      const name = subject.trim().toLowerCase();
      if (!/^[a-z0-9][\w.-]*$/.test(name)) return { facts: null };
      const url = `${config.baseUrl.replace(/\/+$/, '')}/pypi/${encodeURIComponent(name)}/json`;
      const { body } = await requestRelease('PyPI', url, ProjectSchema, options);
      if (!body || body.urls.length === 0) return { facts: null };
      const published = body.urls.map((u) => u.upload_time_iso_8601).sort()[0]!;
      const links = [...Object.values(body.info.project_urls ?? {}), body.info.home_page ?? ''];
      const repository = links.map(githubRepository).find(Boolean);
      return {
        facts: {
          name: body.info.name,
          version: body.info.version,
          published,
          url: `https://pypi.org/project/${body.info.name}/${body.info.version}/`,
          publisher: 'PyPI',
          ...(repository ? { repository } : {}),
        },
      };
    },
  };
}
