/**
 * Settings are served from memory: a change made through the console must still be what the
 * very next client read sees, on this instance and (through the bus) on another one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TClientProfile, TFirmSettings, TPublicSettings } from '@sampada/shared';
import {
  buildTestApp,
  signInStaff,
  signUpClient,
  type SignedInStaff,
  type TestApp,
} from '../../test/helpers.ts';
import { SETTINGS_CHANGED_CHANNEL } from './service.ts';

let t: TestApp;
let admin: SignedInStaff;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInStaff(t, 'admin');
});
afterAll(async () => t.close());

const saveSettings = (body: Partial<TFirmSettings>) =>
  t.api.post<TFirmSettings>('/console/api/v1/settings', body, admin.token);

describe('settings held in memory', () => {
  it('the next client read sees a change saved through the console', async () => {
    const client = await signUpClient(t);
    const info = () => t.api.get<TClientProfile>('/auth/app/v1/client_info', client.token);
    expect((await info()).body.data.service).toBeNull();
    // Read twice more so the cached copy is certainly the one being served.
    await info();
    expect((await t.api.get<TPublicSettings>('/system/app/v1/settings')).status).toBe(200);

    expect((await saveSettings({ chat_service: 'chat-project-1' })).status).toBe(200);
    expect((await info()).body.data.service).toBe('chat-project-1');

    expect((await saveSettings({ app_name: 'Sampada Wealth' })).status).toBe(200);
    const pub = await t.api.get<TPublicSettings>('/system/app/v1/settings');
    expect(pub.body.data.app_name).toBe('Sampada Wealth');

    // Back to the built-in chat: a null setting is saved (it once answered 500) and served.
    expect((await saveSettings({ chat_service: null })).status).toBe(200);
    expect((await info()).body.data.service).toBeNull();
  });

  it('a refused change leaves the served settings as they were', async () => {
    const before = (await t.api.get<TPublicSettings>('/system/app/v1/settings')).body.data;
    expect((await saveSettings({ app_name: 'x'.repeat(500) })).status).toBe(400);
    expect((await t.api.get<TPublicSettings>('/system/app/v1/settings')).body.data).toEqual(before);
  });

  // Instances share changes through the bus: Redis when REDIS_URL is set (as in production
  // with more than one instance). Two instances need a shared PostgreSQL database.
  it.runIf(process.env.REDIS_URL)(
    'a second instance on the same database sees the change too',
    async () => {
      const second = await buildTestApp({ sharing: t });
      try {
        const client = await signUpClient(t);
        const infoOnSecond = () =>
          second.api.get<TClientProfile>('/auth/app/v1/client_info', client.token);
        expect((await infoOnSecond()).body.data.service).toBeNull();
        // The bus delivers after the first instance answers: wait for the message, not a time.
        const delivered = new Promise<void>((resolve) => {
          const off = second.ctx.bus.subscribe(SETTINGS_CHANGED_CHANNEL, () => {
            off();
            resolve();
          });
        });
        await second.ctx.bus.whenSubscribed();
        // Served from the second instance's memory now (a read that would go stale).
        expect((await infoOnSecond()).body.data.service).toBeNull();

        expect((await saveSettings({ chat_service: 'chat-project-2' })).status).toBe(200);
        await delivered;
        expect((await infoOnSecond()).body.data.service).toBe('chat-project-2');
      } finally {
        await saveSettings({ chat_service: null });
        await second.close();
      }
    },
  );
});
