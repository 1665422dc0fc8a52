/**
 * buildApp: external plugins (security headers, compression, rate limit, multipart, swagger),
 * then platform (envelope, errors), then modules, then the built client app and console.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { APP_NAME, APP_VERSION, KYC_IMAGE_MAX_BYTES } from '@sampada/shared';
import type { AppContext } from './context.ts';
import { alertRoutes } from './modules/alerts/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { auditConsole } from './modules/audit/console.ts';
import { resetCodesConsole } from './modules/auth/console.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { clientsConsole } from './modules/clients/console.ts';
import { clientRoutes } from './modules/clients/routes.ts';
import { creditConsole } from './modules/credit/console.ts';
import { creditRoutes } from './modules/credit/routes.ts';
import { portfolioConsole } from './modules/portfolio/console.ts';
import { portfolioRoutes } from './modules/portfolio/routes.ts';
import { transfersConsole } from './modules/transfers/console.ts';
import { transferRoutes } from './modules/transfers/routes.ts';
import { compensationConsole } from './modules/compensation/console.ts';
import { compensationRoutes } from './modules/compensation/routes.ts';
import { connectConsole } from './modules/connect/console.ts';
import { kiteRoutes } from './modules/connect/kite-routes.ts';
import { loginPage } from './modules/connect/login-page.ts';
import { connectAppRoutes } from './modules/connect/routes.ts';
import { offersConsole } from './modules/offers/console.ts';
import { offerRoutes } from './modules/offers/routes.ts';
import { applicationRoutes } from './modules/applications/routes.ts';
import { engagementConsole } from './modules/engagement/console.ts';
import { engagementRoutes } from './modules/engagement/routes.ts';
import { dashboardConsole } from './modules/dashboard/console.ts';
import { fundsConsole } from './modules/funds/console.ts';
import { fundsRoutes } from './modules/funds/routes.ts';
import { tradingConsole } from './modules/trading/console.ts';
import { tradingRoutes } from './modules/trading/routes.ts';
import { invitesConsole } from './modules/invites/console.ts';
import { kycConsole } from './modules/kyc/console.ts';
import { kycRoutes } from './modules/kyc/routes.ts';
import { mailConsole } from './modules/mail/console.ts';
import { emailRoutes } from './modules/email/routes.ts';
import { nomineesConsole } from './modules/nominees/console.ts';
import { nomineeRoutes } from './modules/nominees/routes.ts';
import { grievancesConsole } from './modules/grievances/console.ts';
import { noteDeliveryConsole } from './modules/note-delivery/console.ts';
import { grievanceRoutes } from './modules/grievances/routes.ts';
import { statementRoutes } from './modules/statements/routes.ts';
import { settlementRoutes } from './modules/settlement/routes.ts';
import { settlementConsole } from './modules/settlement/console.ts';
import { marketConsole } from './modules/market/console.ts';
import { marketRoutes } from './modules/market/routes.ts';
import { videoFileRoutes } from './modules/market/video-files.ts';
import { stockApiRoutes } from './modules/market/stock-api.ts';
import { menuConsole } from './modules/menu/console.ts';
import { menuRoutes } from './modules/menu/routes.ts';
import { newsConsole } from './modules/news/console.ts';
import { newsRoutes } from './modules/news/routes.ts';
import { settingsConsole } from './modules/settings/console.ts';
import { apiReferenceConsole } from './modules/staff/api-reference-console.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { staffAuthConsole } from './modules/staff-auth/console.ts';
import { staffConsole } from './modules/staff/console.ts';
import { uploadRoutes } from './modules/uploads/routes.ts';
import { supportConsole } from './modules/support/console.ts';
import { supportRoutes } from './modules/support/routes.ts';
import { externalChatOrigin } from './modules/support/service.ts';
import { publicReference } from './platform/api-reference.ts';
import { busPrefixOf } from './platform/bus.ts';
import { errorBody, ok, registerEnvelope } from './platform/envelope.ts';
import { withErrorAnswer } from './platform/openapi-errors.ts';
import { registerHealthRoutes } from './platform/health.ts';
import {
  contentSecurityPolicyAllowing,
  hardenCsp,
  registerSecurityHeaders,
} from './platform/security-headers.ts';
import { CONSOLE_API_PREFIX, registerStaffGuard } from './platform/staff-guard.ts';
import { requestLogSerializers } from './platform/log-redaction.ts';
import { refuseUnstorableText } from './platform/storable-text.ts';

export type BuildOptions = {
  /** Redis key prefix for rate-limit counters; tests use their own so runs never share counts. */
  rateLimitNamespace?: string;
  logger?: boolean;
  /** Where the log goes (tests read it); standard output when absent. */
  logStream?: NodeJS.WritableStream;
};

const API_PREFIXES = [
  '/auth/',
  '/client/',
  '/identify/',
  '/system/',
  '/stat/',
  '/stock/',
  '/market/app/',
  '/news/app/',
  '/funds/app/',
  '/trade/app/',
  '/loan/app/',
  '/chat/app/',
  '/console/api/',
  '/files/',
  '/docs',
  '/ws/',
  '/connect/',
];

/** API routes are the rate-limited, never-cached ones; everything else is a page or a file. */
const isApiUrl = (url: string) => API_PREFIXES.some((prefix) => url.startsWith(prefix));
/** The public reference (/docs, its JSON) and the console's own OpenAPI document. */
const isApiDocument = (url: string) =>
  url.startsWith('/docs') || url.endsWith('/reference/openapi.json');

/**
 * Vite names hashed files `name-<8-char hash>.ext` under assets/ (the path seen here may be the
 * .br or .gz beside one): they never change, so browsers keep them for a year.
 */
const HASHED_ASSET = /\/assets\/[^/]+-[\w-]{8}\.\w+(?:\.br|\.gz)?$/;

/**
 * A root hook, so it runs before any plugin's own onRequest hooks: a guard's refusal (401,
 * 403) is not stored either. Routes flagged in onRoute below; a route may still override.
 */
const setNoStore = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
  if ((request.routeOptions.config as { noStore?: boolean }).noStore)
    reply.header('cache-control', 'no-store');
  done();
};

function createFastify(config: AppContext['config'], options: BuildOptions) {
  return Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: requestLogSerializers,
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  });
}

/** JSON bodies: an empty one reads as {}, a malformed one is a 400; text is checked storable. */
function registerBodyParsing(app: FastifyInstance) {
  // A POST without a body is validated as {} so the client hears "Username is required",
  // not a complaint about the body's shape.
  // A JSON POST with no body (axios sends the header for a null body) reads as {}.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      const error = new SyntaxError('The request body is not valid JSON.') as SyntaxError & {
        statusCode: number;
      };
      error.statusCode = 400;
      done(error, undefined);
    }
  });
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {};
  });
  app.addHook('preValidation', refuseUnstorableText);
}

/**
 * Only API routes are rate-limited, never stored and given a handler timeout; pages and
 * files are not.
 */
function registerApiRouteOptions(app: FastifyInstance, config: AppContext['config']) {
  // Routes declare per-IP limits for a real deployment; RATE_LIMIT_SCALE widens them all for
  // test rigs that send everything from 127.0.0.1. Runs before the rate-limit plugin's own hook.
  // Only API routes count against the per-IP limit: a page load fetches dozens of static files,
  // and a family behind one address must never see the app's own chunks answer 429 (issue 14).
  // API responses are never stored by a browser or proxy (a route may still override, e.g.
  // the immutable uploaded images).
  app.addHook('onRequest', setNoStore);
  app.addHook('onRoute', (route) => {
    if (!isApiUrl(route.url)) {
      route.config = {
        ...(route.config as object | undefined),
        rateLimit: false,
      } as typeof route.config;
      return;
    }
    const limit = (route.config as { rateLimit?: { max?: number } } | undefined)?.rateLimit;
    if (limit?.max) limit.max = Math.ceil(limit.max * config.rateLimitScale);
    route.config = {
      ...(route.config as object | undefined),
      noStore: true,
    } as typeof route.config;
    // An API request not answered in time gets a 503 (the envelope's "busy" message), never a
    // hang; an upload's body may take longer to arrive. A WebSocket hijacks its reply, which
    // clears the timer.
    // The OpenAPI documents too: each is built on its first request, seconds of CPU on a busy
    // box (a 503 there was seen in CI), and cached after; and a job an officer runs by hand.
    const uploads = (route.schema as { consumes?: string[] } | undefined)?.consumes;
    const longRunning = (route.config as { longRunning?: boolean }).longRunning;
    route.handlerTimeout ??=
      uploads?.includes('multipart/form-data') || isApiDocument(route.url) || longRunning
        ? config.timeouts.upload
        : config.timeouts.request;
  });
}

async function registerRateLimit(
  app: FastifyInstance,
  config: AppContext['config'],
  options: BuildOptions,
) {
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false })
    : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(fastifyRateLimit, {
    global: true,
    max: Math.ceil(600 * config.rateLimitScale),
    timeWindow: '1 minute',
    // Counted per deployment, as the bus is (its prefix names the database): the instances of
    // one firm share their counts, another deployment or test on the same Redis does not.
    ...(redis
      ? {
          redis,
          nameSpace: options.rateLimitNamespace ?? `${busPrefixOf(config.databaseUrl)}rl:`,
        }
      : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      ...errorBody(
        429,
        `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
      ),
    }),
  });
}

/** Uploads, and the OpenAPI reference at /docs. */
async function registerUploadsAndDocs(app: FastifyInstance) {
  await app.register(fastifyMultipart, {
    limits: { fileSize: KYC_IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${APP_NAME} API`,
        version: APP_VERSION,
        description:
          'Every response is the envelope {code, message, data}; an error answer adds error_code, a stable machine code to translate by.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-KEY' },
        },
      },
    },
    transform: (input) => withErrorAnswer(jsonSchemaTransform(input)),
    // Named (recursive) schemas go into components, where their references point.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    // Clients' APIs only; the console's routes are a staff-only reference.
    transformSpecification: (doc) => publicReference(doc),
    staticCSP: true,
    transformStaticCSP: hardenCsp,
  });
}

/** The market's engine, then the WebSockets (quotes, chat) and what closes them. */
async function registerLive(app: FastifyInstance, ctx: AppContext) {
  await ctx.market.init();
  await app.register(fastifyWebsocket, {
    // The largest message a client sends: a Kite ticker's subscribe (or mode) of the 3,000
    // instruments a connection may hold, one message from the official client, ~33 kB of JSON
    // (bench/connect.mjs found 16 kB closing it with 1009).
    options: { maxPayload: 64 * 1024 },
    // On shutdown every socket hears 1012 (service restart): the client reconnects, to this
    // instance once it is back or to another one behind the balancer.
    preClose(done) {
      for (const client of this.websocketServer.clients) client.close(1012, 'service restart');
      this.websocketServer.close(() => {});
      done();
    },
  });
  app.addHook('onClose', async () => {
    ctx.market.live.close();
    ctx.supportLive.close();
    await ctx.bus.close();
    ctx.mail.close();
  });
  await app.register(async (live) => ctx.market.live.register(live));
  await app.register(async (live) => ctx.supportLive.register(live));
}

/** The client app's and the public APIs' routes, in the order they were added. */
async function registerClientRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(marketRoutes(ctx));
  await app.register(alertRoutes(ctx));
  await app.register(notificationRoutes(ctx));
  await app.register(videoFileRoutes(ctx));
  await app.register(stockApiRoutes(ctx));
  await app.register(authRoutes(ctx));
  await app.register(clientRoutes(ctx));
  await app.register(uploadRoutes(ctx));
  await app.register(kycRoutes(ctx));
  await app.register(menuRoutes(ctx));
  await app.register(settingsRoutes(ctx));
  await app.register(newsRoutes(ctx));
  await app.register(fundsRoutes(ctx));
  await app.register(tradingRoutes(ctx));
  await app.register(creditRoutes(ctx));
  await app.register(compensationRoutes(ctx));
  await app.register(offerRoutes(ctx));
  await app.register(applicationRoutes(ctx));
  await app.register(engagementRoutes(ctx));
  // Engagement recomputes a client's standing on the events that change it, on every instance.
  const stopEngagement = ctx.engagement.listen();
  app.addHook('onClose', async () => stopEngagement());
  await app.register(supportRoutes(ctx));
  await app.register(emailRoutes(ctx));
  await app.register(nomineeRoutes(ctx));
  await app.register(grievanceRoutes(ctx));
  await app.register(statementRoutes(ctx));
  await app.register(settlementRoutes(ctx));
  await app.register(portfolioRoutes(ctx));
  await app.register(transferRoutes(ctx));
  await app.register(connectAppRoutes(ctx));
  await app.register(kiteRoutes(ctx));
  await app.register(loginPage(ctx));
}

async function registerConsoleApi(app: FastifyInstance, ctx: AppContext) {
  // The console API: one guard for the whole prefix, then each domain's staff routes.
  await app.register(
    async (consoleApi) => {
      registerStaffGuard(consoleApi, ctx.staffAuth);
      for (const routes of [
        staffAuthConsole,
        dashboardConsole,
        staffConsole,
        clientsConsole,
        invitesConsole,
        resetCodesConsole,
        kycConsole,
        menuConsole,
        settingsConsole,
        newsConsole,
        marketConsole,
        fundsConsole,
        tradingConsole,
        creditConsole,
        compensationConsole,
        offersConsole,
        engagementConsole,
        supportConsole,
        auditConsole,
        mailConsole,
        nomineesConsole,
        grievancesConsole,
        noteDeliveryConsole,
        connectConsole,
        portfolioConsole,
        transfersConsole,
        settlementConsole,
        apiReferenceConsole,
      ]) {
        await consoleApi.register(routes(ctx));
      }
    },
    { prefix: CONSOLE_API_PREFIX },
  );
}

export async function buildApp(
  ctx: AppContext,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const { config } = ctx;
  const app = createFastify(config, options);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('clientAuth', null);
  registerEnvelope(app);
  registerBodyParsing(app);

  registerSecurityHeaders(app);
  // JSON API responses above 1 kB go out compressed (brotli at the plugin's quality 4, or gzip).
  // The built apps' files are compressed at build time and served as they are (the plugin skips
  // a response that already has a Content-Encoding); PDFs are not a compressible type; the
  // WebSocket route hijacks its reply, so no onSend runs there.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  registerApiRouteOptions(app, config);
  await registerRateLimit(app, config, options);
  await registerUploadsAndDocs(app);

  registerHealthRoutes(app, ctx.health);
  app.get('/healthz', { schema: { hide: true } }, async () => {
    await ctx.db.execute('select 1');
    return ok({ status: 'ok', database: config.databaseUrl ? 'postgres' : 'embedded' });
  });

  await registerLive(app, ctx);
  await registerClientRoutes(app, ctx);
  await registerConsoleApi(app, ctx);

  await serveBuiltApps(app, ctx);
  return app;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Paths whose HTML carries a static copy of their first screen, written by the web build
 * (scripts/vite-prerender.ts: `prerendered/login.html` for /login, `a--b.html` for /a/b).
 */
function prerenderedPages(webDist: string): Map<string, string> {
  const dir = path.join(webDist, 'prerendered');
  if (!existsSync(dir)) return new Map();
  return new Map(
    readdirSync(dir)
      .filter((name) => name.endsWith('.html'))
      .map((name) => [`/${name.slice(0, -5).replaceAll('--', '/')}`, `prerendered/${name}`]),
  );
}

/** The client app at /, the console at /console; each falls back to its index.html. */
async function serveBuiltApps(app: FastifyInstance, ctx: AppContext) {
  const web = existsSync(path.join(ctx.config.webDist, 'index.html')) ? ctx.config.webDist : null;
  const consoleDist = existsSync(path.join(ctx.config.consoleDist, 'index.html'))
    ? ctx.config.consoleDist
    : null;
  // The build writes .br and .gz beside each file; preCompressed picks one by Accept-Encoding.
  const staticOptions = {
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply: FastifyReply, file: string) => {
      reply.header('cache-control', HASHED_ASSET.test(file) ? IMMUTABLE : 'no-cache');
    },
  } as const;
  if (web) await app.register(fastifyStatic, { ...staticOptions, root: web, prefix: '/' });
  if (consoleDist) {
    await app.register(fastifyStatic, {
      ...staticOptions,
      root: consoleDist,
      prefix: '/console/',
      decorateReply: !web,
    });
  }

  const webPages = web ? prerenderedPages(web) : new Map<string, string>();
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0]!;
    const isApi = isApiUrl(url);
    const wantsPage = request.method === 'GET' && !isApi && !path.extname(url);
    if (wantsPage) {
      const underConsole = url === '/console' || url.startsWith('/console/');
      const root = underConsole ? consoleDist : web;
      if (root) {
        if (!underConsole) {
          // The external chat's script must be allowed to load on the client app's page.
          const origin = externalChatOrigin(await ctx.settings.all());
          if (origin)
            reply.header('content-security-policy', contentSecurityPolicyAllowing(origin));
        }
        const page = (!underConsole && webPages.get(url.replace(/\/+$/, ''))) || 'index.html';
        return reply.header('Cache-Control', 'no-cache').sendFile(page, root);
      }
      return reply
        .type('text/plain')
        .status(503)
        .send(
          `The ${underConsole ? 'console' : 'client app'} is not built yet. Run: npm run build`,
        );
    }
    if (isApi) reply.header('cache-control', 'no-store');
    return reply.status(404).send(errorBody(404, 'Not found.'));
  });
}
