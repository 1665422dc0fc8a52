/**
 * News: articles written in the console or imported from RSS/Atom feeds, read in the client
 * app (`/news/app/v1`). The console's request schemas live here too.
 */
import { formatCount } from './money.ts';
import { z } from 'zod';
import { ZPageQuery } from './console.ts';
import { requiredText } from './schemas.ts';

export type TNewsSummary = {
  id: string;
  title: string;
  summary: string;
  /** Served by the app itself (`/files/news/...`), or null. */
  image_url: string | null;
  source: string;
  /** The original article's address for imported items. */
  link: string | null;
  symbols: string[];
  published_at: string;
};

export type TNewsArticle = TNewsSummary & {
  /** Plain text; paragraphs are separated by blank lines. */
  body: string;
};

// ---------- Schemas ----------

export const NEWS_STATUSES = ['draft', 'published'] as const;
export type TNewsStatus = (typeof NEWS_STATUSES)[number];
export const NEWS_PAGE_DEFAULT = 20;
export const NEWS_PAGE_MAX = 50;
export const NEWS_SYMBOLS_MAX = 10;
export const NEWS_TITLE_MAX = 200;
export const NEWS_SUMMARY_MAX = 600;
export const NEWS_BODY_MAX = 20_000;

export const NM = {
  titleRequired: 'Title is required',
  titleTooLong: `A title has at most ${NEWS_TITLE_MAX} characters.`,
  summaryTooLong: `A summary has at most ${NEWS_SUMMARY_MAX} characters.`,
  bodyTooLong: `The body has at most ${formatCount(NEWS_BODY_MAX)} characters.`,
  symbolInvalid: 'A symbol is 1–32 letters, digits, &, - or _ (for example RELIANCE).',
  symbolsTooMany: `Tag at most ${NEWS_SYMBOLS_MAX} symbols.`,
  linkInvalid: 'Enter a link that starts with http:// or https://.',
  feedUrlInvalid: 'Enter the feed address, starting with http:// or https://.',
  feedNameRequired: 'Feed name is required',
  notFound: 'This article is not available.',
  feedNotFound: 'No such feed.',
  feedExists: 'This feed has already been added.',
  publishNeedsText: 'Write a summary and a body before publishing.',
  alreadyPublished: 'This article is already published.',
  notPublished: 'This article is not published.',
} as const;

const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};
const httpUrl = (message: string) =>
  z.string({ error: message }).trim().max(2000, message).refine(isHttpUrl, message);

/** Stock symbols an article is about, upper-cased and without repeats. */
const newsSymbols = z
  .array(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9&_-]{1,32}$/, NM.symbolInvalid),
  )
  .max(NEWS_SYMBOLS_MAX, NM.symbolsTooMany)
  .transform((list) => [...new Set(list)]);

/** Client list: `GET /news/app/v1/articles`. */
export const ZNewsListQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(NEWS_PAGE_MAX).default(NEWS_PAGE_DEFAULT),
  symbol: z.string().trim().toUpperCase().max(32).optional(),
});
export type TNewsListQuery = z.input<typeof ZNewsListQuery>;

export const ZNewsSummary = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  image_url: z.string().nullable(),
  source: z.string(),
  link: z.string().nullable(),
  symbols: z.array(z.string()),
  published_at: z.string(),
}) satisfies z.ZodType<TNewsSummary>;
export const ZNewsArticle = ZNewsSummary.extend({
  body: z.string(),
}) satisfies z.ZodType<TNewsArticle>;

// ---------- Console (`/console/api/v1/news/...`, docs/api-news.md) ----------

/** Create or update an article: the console's form resolves with this too. */
export const ZNewsArticleInput = z.object({
  title: requiredText(NM.titleRequired).max(NEWS_TITLE_MAX, NM.titleTooLong),
  summary: z.string().trim().max(NEWS_SUMMARY_MAX, NM.summaryTooLong).default(''),
  body: z.string().trim().max(NEWS_BODY_MAX, NM.bodyTooLong).default(''),
  symbols: newsSymbols.default([]),
  /** Who the article is from; the firm's name when empty. */
  source: z.string().trim().max(80).optional(),
  /** An empty field means no link. */
  link: z
    .string()
    .trim()
    .max(2000, NM.linkInvalid)
    .refine((v) => v === '' || isHttpUrl(v), NM.linkInvalid)
    .transform((v) => v || null)
    .nullable()
    .optional(),
});
export type TNewsArticleInput = z.input<typeof ZNewsArticleInput>;
/** What the server receives after parsing (defaults applied). */
export type TNewsArticleRequest = z.output<typeof ZNewsArticleInput>;

export const ZNewsConsoleQuery = ZPageQuery.extend({
  status: z.enum(NEWS_STATUSES).optional(),
  q: z.string().trim().max(100).optional(),
});
export type TNewsConsoleQuery = z.input<typeof ZNewsConsoleQuery>;

export const ZNewsArticleView = ZNewsArticle.extend({
  status: z.enum(NEWS_STATUSES),
  published_at: z.string().nullable(),
  /** True for items that came from a feed. */
  imported: z.boolean(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TNewsArticleView = z.infer<typeof ZNewsArticleView>;

export const ZNewsFeedInput = z.object({
  url: httpUrl(NM.feedUrlInvalid),
  name: requiredText(NM.feedNameRequired).max(80),
  enabled: z.boolean().default(true),
});
export type TNewsFeedInput = z.input<typeof ZNewsFeedInput>;
export type TNewsFeedRequest = z.output<typeof ZNewsFeedInput>;

export const ZNewsFeedUpdate = z.object({
  name: requiredText(NM.feedNameRequired).max(80).optional(),
  enabled: z.boolean().optional(),
});
export type TNewsFeedUpdate = z.input<typeof ZNewsFeedUpdate>;

export const ZNewsFeedView = z.object({
  id: z.string(),
  url: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  last_fetched_at: z.string().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
});
export type TNewsFeedView = z.infer<typeof ZNewsFeedView>;

export const ZNewsFeedImport = z.object({
  feed_id: z.string(),
  name: z.string(),
  imported: z.number(),
  skipped: z.number(),
  error: z.string().nullable(),
});
export const ZNewsImportResult = z.object({
  imported: z.number(),
  skipped: z.number(),
  feeds: z.array(ZNewsFeedImport),
});
export type TNewsImportResult = z.infer<typeof ZNewsImportResult>;
