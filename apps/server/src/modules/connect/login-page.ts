/**
 * The sign-in page an API app sends its user to (GET /connect/login?api_key=…&v=3): the
 * password, then the second factor — the client's TOTP (or a recovery code) when 2FA is on,
 * else the trading PIN — and the consent, then back to the app's redirect URL with a request
 * token. Server-rendered HTML with no script; a refusal shows the form again with why.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../platform/errors.ts';
import { routeKit } from '../../platform/route-kit.ts';
import type { SecondFactor } from './api-login.ts';
import { registerKiteErrors } from './kite-plumbing.ts';
import { KiteError } from './wire.ts';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(reply: FastifyReply, title: string, body: string, status = 200) {
  return reply.status(status).type('text/html; charset=utf-8')
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem;color:#1a1b1e}
label{display:block;margin:.8rem 0 .3rem}input{width:100%;padding:.55rem;font-size:1rem;box-sizing:border-box}
button{margin-top:1.2rem;padding:.6rem 1.2rem;font-size:1rem}.error{color:#c92a2a}</style></head>
<body><h1>${escape(title)}</h1>${body}</body></html>`);
}

const errorLine = (message?: string) =>
  message ? `<p class="error" role="alert">${escape(message)}</p>` : '';

const passwordForm = (apiKey: string, appName: string, message?: string) => `
<p>Sign in to allow <strong>${escape(appName)}</strong> to use your account.</p>${errorLine(message)}
<form method="post" action="/connect/login">
<input type="hidden" name="api_key" value="${escape(apiKey)}">
<label for="mobile">Mobile number</label><input id="mobile" name="mobile" inputmode="numeric" autocomplete="username" required>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Continue</button></form>`;

const secretField: Record<SecondFactor, string> = {
  totp: `<label for="code">Code from your authenticator app (or a recovery code)</label><input id="code" name="code" autocomplete="one-time-code" maxlength="20" required>`,
  pin: `<label for="pin">Trading PIN</label><input id="pin" name="pin" type="password" inputmode="numeric" maxlength="6" required>`,
};

const consentForm = (
  loginToken: string,
  appName: string,
  factor: SecondFactor,
  message?: string,
) => `
<p><strong>${escape(appName)}</strong> asks to see your profile, funds, holdings and orders, and to
place, change and cancel delivery orders for you until 06:00 IST tomorrow.</p>${errorLine(message)}
<form method="post" action="/connect/login/consent">
<input type="hidden" name="login_token" value="${escape(loginToken)}">
${secretField[factor]}
<button type="submit">Allow</button></form>`;

const refusalOf = (error: unknown) => {
  if (error instanceof KiteError || error instanceof AppError) return error.message;
  throw error;
};
/** A lockout answers 429, as the app's sign-in does; other refusals 400. */
const statusOf = (error: unknown) =>
  error instanceof AppError && error.status === 429 ? 429 : 400;

/** The consent form again with why it was refused, or the refusal alone once the login ended. */
async function consentRefused(
  ctx: AppContext,
  reply: FastifyReply,
  loginToken: string,
  error: unknown,
) {
  const { sessions, apps } = ctx.connect;
  const message = refusalOf(error);
  const status = statusOf(error);
  const pending = await sessions.pendingLogin(loginToken);
  const factor = pending ? await sessions.secondFactorOf(pending.clientId).catch(() => null) : null;
  if (!pending || !factor) return page(reply, 'Sign in', errorLine(message), status);
  const app = await apps.byId(pending.appId);
  const form = consentForm(loginToken, app?.name ?? '', factor, message);
  return page(reply, 'Allow access', form, status);
}

export function loginPage(ctx: AppContext) {
  const { sessions } = ctx.connect;
  return async (instance: FastifyInstance) => {
    registerKiteErrors(instance);
    const kit = routeKit(instance, { kind: 'public' }, { tags: ['connect'] });

    kit.raw(
      'GET',
      '/connect/login',
      { querystring: z.object({ api_key: z.string().default(''), v: z.string().optional() }) },
      async (request, reply) => {
        try {
          const app = await sessions.usableApp(request.query.api_key);
          return page(reply, 'Sign in', passwordForm(app.apiKey, app.name));
        } catch (error) {
          return page(reply, 'Sign in', errorLine(refusalOf(error)), 400);
        }
      },
    );

    kit.raw(
      'POST',
      '/connect/login',
      {
        perMinute: 20,
        body: z.object({
          api_key: z.string().default(''),
          mobile: z.string().default(''),
          password: z.string().default(''),
        }),
      },
      async (request, reply) => {
        const { api_key, mobile, password } = request.body;
        let name = '';
        try {
          name = (await sessions.usableApp(api_key)).name;
          const { app, factor, loginToken } = await sessions.passwordStep({
            apiKey: api_key,
            mobile,
            password,
            ip: request.ip,
          });
          return page(reply, 'Allow access', consentForm(loginToken, app.name, factor));
        } catch (error) {
          const message = refusalOf(error);
          const status = statusOf(error);
          if (!name) return page(reply, 'Sign in', errorLine(message), status);
          return page(reply, 'Sign in', passwordForm(api_key, name, message), status);
        }
      },
    );

    kit.raw(
      'POST',
      '/connect/login/consent',
      {
        perMinute: 20,
        body: z.object({
          login_token: z.string().default(''),
          pin: z.string().default(''),
          code: z.string().max(40).default(''),
        }),
      },
      async (request, reply) => {
        const { login_token, pin, code } = request.body;
        try {
          const target = await sessions.consentStep(login_token, { pin, code }, request.ip);
          // The browser follows a form's redirect only to origins the page's form-action allows.
          const csp = String(reply.getHeader('content-security-policy') ?? '');
          if (csp)
            reply.header(
              'content-security-policy',
              csp.replace("form-action 'self'", `form-action 'self' ${new URL(target).origin}`),
            );
          return reply.redirect(target, 303);
        } catch (error) {
          return consentRefused(ctx, reply, login_token, error);
        }
      },
    );
  };
}
