/**
 * `sampada api-app create|list`: an operator sets up a client's API app (docs/api-connect.md).
 * Create prints the api_key and the api_secret on two lines; list prints one app a line.
 */
import type { Command } from 'commander';
import { canonicalMobile, ZApiAppSettings } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../platform/audit.ts';
import { parseWith } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';

type Io = { out: (line: string) => void };

async function clientOf(ctx: AppContext, mobile: string) {
  const canonical = canonicalMobile(mobile);
  const client = canonical ? await ctx.clients.findByMobile(canonical) : undefined;
  if (!client) throw new AppError(404, `No client has the mobile ${mobile}.`);
  return client;
}

export function apiAppCommands(program: Command, ctx: AppContext, io: Io, actor: Actor) {
  const apiApp = program.command('api-app').description("clients' API apps");
  apiApp
    .command('create')
    .requiredOption('--mobile <mobile>')
    .requiredOption('--name <name>')
    .requiredOption('--redirect <url>')
    .option('--postback <url>')
    .option(
      '--ip <address>',
      'an allowed IP address (1 to 5)',
      (v, all: string[]) => [...all, v],
      [],
    )
    .action(
      async (o: {
        mobile: string;
        name: string;
        redirect: string;
        postback?: string;
        ip: string[];
      }) => {
        const client = await clientOf(ctx, o.mobile);
        const settings = parseWith(ZApiAppSettings, {
          name: o.name,
          redirect_url: o.redirect,
          postback_url: o.postback ?? null,
          allowed_ips: o.ip,
        });
        const app = await ctx.connect.apps.create(client.id, settings, actor);
        io.out(app.api_key);
        io.out(app.api_secret);
      },
    );
  apiApp
    .command('list')
    .requiredOption('--mobile <mobile>')
    .action(async (o: { mobile: string }) => {
      const client = await clientOf(ctx, o.mobile);
      for (const app of await ctx.connect.apps.listOf(client.id))
        io.out(
          [
            app.api_key,
            app.name,
            app.redirect_url,
            app.allowed_ips.join(' '),
            app.disabled ? 'disabled' : 'enabled',
          ].join('\t'),
        );
    });
}
