/**
 * The route kit: the one way a module registers an HTTP route (docs/style.md, decision 025).
 * A kit is made once per routes file for one audience — signed-in clients, staff under the
 * console prefix, or the public — and declares what every route of that audience restates
 * otherwise: the OpenAPI security and tags, the client guard, the `{code, message, data}`
 * envelope and its response schema, `Cache-Control: no-store`, and for money-moving commands
 * the Idempotency-Key header, its scope and the actor that the audit trail names.
 *
 * - `query`   reads (or a write that is safe to repeat): the handler returns the data.
 * - `command` runs once per Idempotency-Key: the handler receives the transaction runner and
 *             the actor, and what its transaction returns is the answer (stored with the key).
 * - `raw`     the handler answers itself (files, CSV, PDF, redirects); the kit still declares
 *             security, the guard and the schemas.
 */
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { TConsoleArea } from '@sampada/shared';
import type { Actor } from './audit.ts';
import { envelopeOf, ok } from './envelope.ts';
import { type Authenticate, type ClientGuardConfig, requireClient } from './guards.ts';
import { clientOf, noStore } from './http.ts';
import { type Idempotency, ZIdempotencyHeaders } from './idempotency.ts';
import type { KeyClaim, TogetherOutcome } from './idempotency-together.ts';
import { staffActor, staffOf } from './staff-guard.ts';
import type { TransactionRunner } from './transaction.ts';

/** Who a kit's routes are for. */
export type Audience =
  | { kind: 'client'; auth: Authenticate }
  | { kind: 'staff' }
  | { kind: 'public' }
  /** The stock-data API: `check` answers 401 unless the X-API-KEY header is right. */
  | { kind: 'apiKey'; check: (request: FastifyRequest) => Promise<void> };

type Schemas = {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** The envelope's `data`; left out where the answer is not an envelope or is left open. */
  response?: z.ZodType;
};

type Out<T> = T extends z.ZodType ? z.output<T> : unknown;

/** The request a handler sees: params, query and body typed by the route's own schemas. */
export type KitRequest<S extends Schemas> = FastifyRequest<{
  Params: Out<S['params']>;
  Querystring: Out<S['querystring']>;
  Body: Out<S['body']>;
}>;

type RouteSpec<S extends Schemas> = S & {
  /** OpenAPI text beside the schemas. */
  description?: string;
  /** Requests a minute per IP for this route (the global limit applies otherwise). */
  perMinute?: number;
  /**
   * The client's row read with the session (clientRowOf); `'trading'`: read fresh, with the
   * session's trading window (ClientGuardConfig). Client kits only.
   */
  clientRow?: ClientGuardConfig['clientRow'];
  /** Checks this route runs after the kit's own, before the body is read (e.g. a flag). */
  checks?: Array<(request: FastifyRequest) => Promise<void>>;
  /** The ROLE_ACCESS entry; every staff route names one (decision 010). */
  access?: TConsoleArea;
  /** The console's two sign-in steps only (no bearer token yet, so none in the docs). */
  staffPublic?: boolean;
  /** The envelope's message when it is not the spec's default "ok"; it may depend on the
   * request (an order's type names what was placed). */
  message?: string | ((request: KitRequest<S>) => string);
  /** Leave Cache-Control to the handler (public, cacheable reads). */
  cacheable?: boolean;
  /** Other route config (e.g. bodyLimit). */
  bodyLimit?: number;
  /** A job run by hand over many rows (a day's contract notes, a settlement batch): the long
   * deadline an upload has, not the request's two seconds. */
  longRunning?: boolean;
  /** OpenAPI only: the media types of a file answer or a multipart body. */
  produces?: string[];
  consumes?: string[];
  /** OpenAPI only: a second spelling of a path, left out of the docs. */
  hide?: boolean;
};

/** What a command's handler is given besides the request. */
export type CommandTools = { transaction: TransactionRunner; actor: Actor };

/** What a command's group commit is given besides the request: the key for its batch. */
export type TogetherTools = { claim: KeyClaim; actor: Actor };

type Handler<S extends Schemas, R> = (request: KitRequest<S>, reply: FastifyReply) => Promise<R>;

export type RouteKit = ReturnType<typeof routeKit>;

const SECURITY = { client: [{ bearer: [] }], staff: [{ bearer: [] }], apiKey: [{ apiKey: [] }] };

/** The actor and idempotency scope of a request from this audience. */
function whoOf(audience: Audience, request: FastifyRequest): { actor: Actor; scope: string } {
  if (audience.kind === 'staff') {
    return { actor: staffActor(request), scope: `staff:${staffOf(request).staffId}` };
  }
  const { clientId } = clientOf(request);
  return { actor: { type: 'client', id: clientId, ip: request.ip }, scope: `client:${clientId}` };
}

const markNoStore = async (_request: FastifyRequest, reply: FastifyReply) => {
  noStore(reply);
};

function messageOf<S extends Schemas>(spec: RouteSpec<S>, request: FastifyRequest) {
  return typeof spec.message === 'function' ? spec.message(request as KitRequest<S>) : spec.message;
}

const typed = (instance: FastifyInstance) => instance.withTypeProvider<ZodTypeProvider>();

/** What every route of one kit shares: where it registers, its guard hooks, its docs. */
type KitBase = {
  app: ReturnType<typeof typed>;
  audience: Audience;
  onRequest: Array<(request: FastifyRequest) => Promise<void>>;
  security: (typeof SECURITY)[keyof typeof SECURITY] | undefined;
  tags: string[];
};

/** The route's own config: its rate limit, the client-row and access flags. */
function configOf<S extends Schemas>(spec: RouteSpec<S>): FastifyContextConfig {
  const config: FastifyContextConfig = {};
  if (spec.perMinute) config.rateLimit = { max: spec.perMinute, timeWindow: '1 minute' };
  if (spec.clientRow) Object.assign(config, { clientRow: spec.clientRow });
  if (spec.longRunning) Object.assign(config, { longRunning: true });
  if (spec.access) config.access = spec.access;
  if (spec.staffPublic) config.staffPublic = true;
  return config;
}

function registerRoute<S extends Schemas>(
  { app, audience, onRequest, security, tags }: KitBase,
  method: HTTPMethods,
  url: string,
  spec: RouteSpec<S>,
  idempotent: boolean,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
) {
  if (audience.kind === 'staff' && !spec.access && !spec.staffPublic)
    throw new Error(`${method} ${url} names no ROLE_ACCESS entry.`);
  const config = configOf(spec);
  // No-store from the first hook on, so that a refusal (401, 403, 400) is never stored either.
  const guarded = [...onRequest, ...(spec.checks ?? [])];
  const hooks = spec.cacheable ? guarded : [markNoStore, ...guarded];
  app.route({
    method,
    url,
    ...(hooks.length > 0 ? { onRequest: hooks } : {}),
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    config,
    schema: {
      tags,
      ...(security && !spec.staffPublic ? { security } : {}),
      ...(spec.description ? { description: spec.description } : {}),
      ...(spec.produces ? { produces: spec.produces } : {}),
      ...(spec.consumes ? { consumes: spec.consumes } : {}),
      ...(spec.hide ? { hide: true } : {}),
      ...(idempotent ? { headers: ZIdempotencyHeaders } : {}),
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.querystring ? { querystring: spec.querystring } : {}),
      ...(spec.body ? { body: spec.body } : {}),
      ...(spec.response ? { response: { 200: envelopeOf(spec.response) } } : {}),
    },
    handler,
  });
}

export function routeKit(
  instance: FastifyInstance,
  audience: Audience,
  options: {
    tags: string[];
    idempotency?: Idempotency;
    /** Checks every route of this kit runs after the guard, before the body is read. */
    checks?: Array<(request: FastifyRequest) => Promise<void>>;
    /**
     * A wire with its own envelope (the Kite Connect v3 one of modules/connect): how `query`
     * wraps its data. Its routes declare no response schema (the envelope is not ours).
     */
    envelope?: (data: unknown) => unknown;
  },
) {
  const wrap: (data: unknown, message?: string) => unknown =
    options.envelope ?? ((data, message) => ok(data, message));
  const app = typed(instance);
  const onRequest = [
    ...(audience.kind === 'client' ? [requireClient(audience.auth)] : []),
    ...(audience.kind === 'apiKey' ? [audience.check] : []),
    ...(options.checks ?? []),
  ];
  const security = audience.kind === 'public' ? undefined : SECURITY[audience.kind];

  const base: KitBase = { app, audience, onRequest, security, tags: options.tags };
  const register = <S extends Schemas>(
    method: HTTPMethods,
    url: string,
    spec: RouteSpec<S>,
    idempotent: boolean,
    handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  ) => registerRoute(base, method, url, spec, idempotent, handler);

  return {
    /** A read, or a write that is safe to repeat: answers `ok(data)`. */
    query<S extends Schemas>(
      method: HTTPMethods,
      url: string,
      spec: RouteSpec<S>,
      handler: Handler<S, Out<S['response']>>,
    ) {
      register(method, url, spec, false, async (request, reply) =>
        wrap(await handler(request as KitRequest<S>, reply), messageOf(spec, request)),
      );
    },

    /**
     * A command that moves money or state once per Idempotency-Key: the handler runs the
     * service inside `transaction`; a repeat with the same key answers the stored result.
     * `message` may depend on the request (an order's type names what was placed).
     */
    command<S extends Schemas>(
      method: HTTPMethods,
      url: string,
      spec: RouteSpec<S> & { message: NonNullable<RouteSpec<S>['message']> },
      handler: (request: KitRequest<S>, tools: CommandTools) => Promise<unknown>,
      /**
       * Hands the request to a group commit (decision 069), which serves it in a batch or
       * leaves it to `handler`; either way it runs once per key.
       */
      together?: (request: KitRequest<S>, tools: TogetherTools) => Promise<TogetherOutcome>,
    ) {
      const { idempotency } = options;
      if (!idempotency) throw new Error(`${method} ${url}: this kit was made without idempotency.`);
      register(method, url, spec, true, async (request, reply) => {
        const { actor, scope } = whoOf(audience, request);
        const message = messageOf(spec, request)!;
        const work = (transaction: TransactionRunner) =>
          handler(request as KitRequest<S>, { transaction, actor });
        if (!together) return idempotency.run(request, reply, { scope, message }, work);
        return idempotency.runTogether(
          request,
          reply,
          { scope, message },
          (claim) => together(request as KitRequest<S>, { claim, actor }),
          work,
        );
      });
    },

    /** The handler answers itself (files, CSV, PDF); the kit declares the rest. */
    raw<S extends Schemas>(
      method: HTTPMethods,
      url: string,
      spec: RouteSpec<S>,
      handler: Handler<S, unknown>,
    ) {
      register(method, url, spec, false, (request, reply) =>
        handler(request as KitRequest<S>, reply),
      );
    },

    /** The actor the audit trail names for this request. */
    actorOf: (request: FastifyRequest): Actor => whoOf(audience, request).actor,
  };
}
