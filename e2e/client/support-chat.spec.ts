import { CONSOLE, signInFirstTime } from '../console/support';
import { createStaff } from '../support/cli';
import { runId, STAFF_PASSWORD, staffToken } from '../support/trading';
import {
  approvedClient,
  expect,
  idImage,
  openUserDrawer,
  screenshot,
  signIn,
  test,
} from './fixtures';

const HOSTILE = `<script>window.__xss = 1</script><img src=x onerror="window.__xss = 2">`;
const CANNED_TITLE = 'Deposit received';
const CANNED_TEXT = 'Thank you for writing. Your deposit is confirmed and shows in your assets.';

test('[CLIENT][CONSOLE][SUPPORT]: a client writes with an image, the agent answers with a canned reply, the client sees it live and the badge clears; stored markup stays inert', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const run = runId('chat');
  // Its own title: both projects run against one server, and each keeps a canned reply.
  const cannedTitle = `${CANNED_TITLE} ${run}`;
  // An admin keeps a canned reply; a support agent answers.
  const adminEmail = `admin-chat-${run}@firm.test`.toLowerCase();
  const agentEmail = `agent-chat-${run}@firm.test`.toLowerCase();
  await createStaff(adminEmail, 'admin', STAFF_PASSWORD);
  await createStaff(agentEmail, 'support', STAFF_PASSWORD);
  const adminToken = await staffToken(request, adminEmail);
  const created = await request.post('/console/api/v1/support/canned-replies', {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { title: cannedTitle, text: CANNED_TEXT },
  });
  expect((await created.json()).code).toBe(200);

  // The client opens Customer Service: the widget arrives after its 300 ms delay.
  const client = await approvedClient(request);
  await signIn(page, client);
  await (await openUserDrawer(page)).getByText('Customer Service', { exact: true }).click();
  const widget = page.getByTestId('support-panel');
  await expect(widget.getByTestId('chat-desk-status')).toBeVisible();
  await widget.getByLabel('Write a message').fill(HOSTILE);
  await widget.getByTestId('chat-send').click();
  await widget.locator('input[type="file"]').setInputFiles({
    name: 'statement.jpg',
    mimeType: 'image/jpeg',
    buffer: await idImage('UTR 4411'),
  });
  const mine = widget.locator('[data-testid="chat-message"][data-author="client"]');
  await expect(mine).toHaveCount(2);
  await expect(mine.first()).toContainText(HOSTILE);
  await expect(mine.nth(1).locator('img')).toBeVisible();
  await expect(
    mine.first().locator('[data-status="sent"], [data-status="delivered"]'),
  ).toBeVisible();
  if (test.info().project.name === 'phone') {
    // On a 375 px phone the chat takes the whole width, nothing scrolls sideways, and the
    // composer is on screen under the thread.
    const viewport = page.viewportSize()!;
    const drawer = page.getByRole('dialog', { name: 'Customer Service' });
    expect((await drawer.boundingBox())!.width).toBe(viewport.width);
    const overflow = await widget.evaluate(
      (panel) =>
        [panel, ...panel.querySelectorAll('*')].filter(
          (e) => e.getBoundingClientRect().right > window.innerWidth + 1,
        ).length,
    );
    expect(overflow).toBe(0);
    await expect(widget.getByLabel('Write a message')).toBeInViewport();
    await expect(widget.getByTestId('chat-send')).toBeInViewport();
  }
  await screenshot(page, 'support-chat-client-wrote');

  // The agent sees both in the inbox, as text and as an image, and answers with the canned reply.
  const context = await browser.newContext();
  const desk = await context.newPage();
  await signInFirstTime(desk, agentEmail, STAFF_PASSWORD);
  await desk.goto(`${CONSOLE}/support`);
  const row = desk.getByTestId('inbox-conversation').first();
  await expect(row.getByTestId('inbox-unread')).toHaveText('2');
  await row.click();
  const thread = desk.getByTestId('inbox-message');
  await expect(thread.first()).toContainText(HOSTILE);
  await expect(thread.nth(1).locator('img')).toBeVisible();
  await expect(desk.getByTestId('client-context')).toContainText('approved');
  // Reading the thread marks the client's messages read: their ticks say so.
  await expect(mine.first().locator('[data-status="read"]')).toBeVisible();
  await desk.getByTestId('canned-replies').click();
  await desk.getByRole('menuitem', { name: cannedTitle }).click();
  await expect(desk.getByLabel('Reply')).toHaveValue(CANNED_TEXT);
  await desk.getByRole('button', { name: 'Send' }).click();
  await expect(thread.last()).toContainText(CANNED_TEXT);
  await screenshot(desk, 'support-inbox-replied');

  // The client sees it live, with the agent's name; the widget reads it, so no badge stays.
  const reply = widget.locator('[data-testid="chat-message"][data-author="staff"]');
  await expect(reply).toContainText(CANNED_TEXT);
  await expect(
    page.getByTestId('chat-unread-avatar').locator('.mantine-Indicator-indicator'),
  ).toHaveCount(0);

  // With the widget closed, the next reply badges the avatar; opening the chat clears it.
  await page.keyboard.press('Escape');
  await expect(widget).toBeHidden();
  await desk.getByLabel('Reply').fill('Anything else I can help with?');
  await desk.getByRole('button', { name: 'Send' }).click();
  await page.reload();
  const badge = page.getByTestId('chat-unread-avatar').locator('.mantine-Indicator-indicator');
  await expect(badge).toHaveText('1');
  const drawer = await openUserDrawer(page);
  await expect(drawer.getByTestId('chat-unread-drawer')).toHaveText('1');
  await drawer.getByText('Customer Service', { exact: true }).click();
  await expect(page.getByTestId('support-panel')).toContainText('Anything else I can help with?');
  await expect(badge).toHaveCount(0);

  // The stored markup never ran in either app.
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  expect(await desk.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(desk.locator('img[src="x"]')).toHaveCount(0);
  await context.close();
});

test('[CLIENT][SUPPORT]: with an external chat named in settings, the widget loads its script (allowed by the page’s CSP) and removes it when closed', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const run = runId('xchat');
  const adminEmail = `admin-xchat-${run}@firm.test`.toLowerCase();
  await createStaff(adminEmail, 'admin', STAFF_PASSWORD);
  const headers = { Authorization: `Bearer ${await staffToken(request, adminEmail)}` };
  const settings = (await (await request.get('/console/api/v1/settings', { headers })).json()).data;
  const save = async (data: Record<string, unknown>) =>
    expect(
      (await (await request.post('/console/api/v1/settings', { headers, data })).json()).code,
    ).toBe(200);
  // The vendor's script is served here, from the test, for an https address: no internet.
  const SCRIPT = 'https://widget.chat-vendor.test/v2/loader.js';
  await page.route(SCRIPT, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: 'window.__externalChat = document.currentScript.dataset.project;',
    }),
  );
  await save({ chat_service: 'vendor-project-7', chat: { ...settings.chat, script_url: SCRIPT } });
  try {
    const client = await approvedClient(request);
    await signIn(page, client);
    const script = page.locator('script#sampada-external-chat');
    await expect(script).toHaveCount(0);
    await (await openUserDrawer(page)).getByText('Customer Service', { exact: true }).click();
    await expect(page.getByTestId('support-panel')).toHaveAttribute(
      'data-external-chat',
      'vendor-project-7',
    );
    await expect(script).toHaveAttribute('src', SCRIPT);
    await expect(script).toHaveAttribute('data-project', 'vendor-project-7');
    // It ran: the page's Content-Security-Policy lets exactly this origin's script in.
    await expect
      .poll(() => page.evaluate(() => (window as { __externalChat?: string }).__externalChat))
      .toBe('vendor-project-7');
    await screenshot(page, 'support-external-chat');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('support-panel')).toBeHidden();
    await expect(script).toHaveCount(0);
  } finally {
    await save({ chat_service: settings.chat_service, chat: settings.chat });
  }
});
