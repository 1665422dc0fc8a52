/** Fetches a feed document: bounded in time and size, failures worded for the console. */
export type FeedFetcher = (url: string) => Promise<string>;

export const FEED_TIMEOUT_MS = 10_000;
const FEED_MAX_BYTES = 5 * 1024 * 1024;

export class FeedFetchError extends Error {}

/** Reads the body, refusing one larger than `max` bytes without buffering all of it. */
async function readCapped(response: Response, max: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > max) throw new FeedFetchError('The feed is larger than 5 MB.');
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new FeedFetchError('The feed is larger than 5 MB.');
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}

export const fetchFeedText: FeedFetcher = async (url) => {
  let response: Response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.timeout(FEED_TIMEOUT_MS),
      redirect: 'follow',
      headers: {
        accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9',
        'user-agent': 'Sampada news importer',
      },
    });
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new FeedFetchError(`The feed did not answer within ${FEED_TIMEOUT_MS / 1000} seconds.`);
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new FeedFetchError(
      `The feed could not be reached (${cause?.code ?? cause?.message ?? (error as Error).message}).`,
    );
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new FeedFetchError(`The feed answered HTTP ${response.status}.`);
  }
  try {
    return await readCapped(response, FEED_MAX_BYTES);
  } catch (error) {
    if (error instanceof FeedFetchError) throw error;
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new FeedFetchError(`The feed did not answer within ${FEED_TIMEOUT_MS / 1000} seconds.`);
    throw new FeedFetchError(`The feed could not be read (${(error as Error).message}).`);
  }
};
