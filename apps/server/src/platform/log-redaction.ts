/**
 * What a request line may say in the logs: the path and the names of its query parameters,
 * never their values. Query strings carry access tokens (the Kite ticker's `access_token`),
 * signed file links' tokens, api keys, request tokens and personal data (a mobile searched for);
 * a log line is read by more people, and kept longer, than the data it would leak.
 */
import type { FastifyRequest } from 'fastify';

/** `/path?a=1&b=2` → `/path?a=…&b=…` (the path itself is ours and carries no secrets). */
export function redactedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const names = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=…`);
  return `${url.slice(0, at)}?${names.join('&')}`;
}

/** Pino's request serializer with the query values left out. */
export const requestLogSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactedUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
