/**
 * Every response is `{code, message, data}` (architecture.md "API conventions"). Validation
 * failures answer 400 with the first failing rule's message, which is the spec's exact text.
 * An error answer adds `error_code`, the machine code clients translate by (message-codes.ts
 * in packages/shared): the spec's fields and wording stay as they are.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiMessage, errorCode } from '@sampada/shared';
import { AppError } from './errors.ts';
import { isUnavailable, isUnstorableText } from './pg-errors.ts';

export type Envelope<T> = { code: number; message: string; data: T };
/** An error answer: the envelope and its machine code. */
export type ErrorEnvelope = Envelope<unknown> & { error_code: string };

export const ok = <T>(data: T, message: string = ApiMessage.ok): Envelope<T> => ({
  code: 200,
  message,
  data,
});

/** Response schema for a route whose data is `data`. */
export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number(), message: z.string(), data });

export const ZNullEnvelope = envelopeOf(z.null());

/** The body of an error answer, for the few places that answer outside the error handler. */
export const errorBody = (
  status: number,
  message: string,
  data: unknown = null,
): ErrorEnvelope => ({
  code: status,
  message,
  data,
  error_code: errorCode(status, message),
});

const send = (reply: FastifyReply, status: number, message: string, data: unknown = null) =>
  reply.status(status).send(errorBody(status, message, data));

function messageForStatus(status: number): string {
  if (status === 401) return ApiMessage.unauthorized;
  if (status === 403) return ApiMessage.forbidden;
  if (status === 404) return ApiMessage.notFound;
  if (status === 413) return 'The request is too large.';
  if (status === 429) return ApiMessage.tooManyRequests;
  if (status === 503) return ApiMessage.unavailable;
  return ApiMessage.internal;
}

export function registerEnvelope(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) return send(reply, error.status, error.message, error.data);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return send(reply, 400, first?.message ?? 'Invalid request.');
    }
    if (error.validation)
      return send(reply, 400, error.validation[0]?.message ?? 'Invalid request.');
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return send(reply, 400, 'The request body is not valid JSON.');
    }
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
      return send(reply, 400, 'The request body is empty.');
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return send(reply, 415, 'This content type is not accepted here.');
    }
    if (isUnstorableText(error))
      return send(reply, 400, 'The request contains characters that cannot be stored.');
    // A stuck or lost database, a lock not granted in time, or no answer within the request
    // timeout (FST_ERR_HANDLER_TIMEOUT): 503, to be retried in a moment (the transaction, if
    // any, rolled back or — after a handler timeout — may still commit, which a retry with the
    // same idempotency key answers with the first result).
    if (isUnavailable(error) || error.code === 'FST_ERR_HANDLER_TIMEOUT') {
      request.log.warn({ err: error }, 'answered 503: database unavailable or request timed out');
      reply.header('retry-after', '1');
      return send(reply, 503, ApiMessage.unavailable);
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return send(
      reply,
      status,
      status < 500 && error.message ? error.message : messageForStatus(status),
    );
  });
}

/** Turns a JSON body into a typed value with a shared zod schema, answering 400 like routes do. */
export function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value ?? {});
  if (!result.success)
    throw new AppError(400, result.error.issues[0]?.message ?? 'Invalid request.');
  return result.data;
}
