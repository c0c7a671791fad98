import { z } from 'zod';

/** A link in a page's extracted text: its words' offsets there and where it points (resolved, no fragment). */
export const PageLinkSchema = z.object({
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  url: z.string(),
});
export type PageLink = z.infer<typeof PageLinkSchema>;
