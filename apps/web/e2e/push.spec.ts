import { request as newRequest } from '@playwright/test';
import {
  axeViolations,
  E2E_PUSH_PORT,
  expect,
  FULL_CHROMIUM,
  newMember,
  placePickupOrder,
  signIn,
  test,
} from './support.ts';

// Issue 30 item 4: after an order the member is offered notifications, allows them, and gets one when
// the cashier accepts the order, through the local push service (e2e/push-service.ts), which checks the
// VAPID signature and decrypts it.
//
// Chromium's own push service is out of reach here, so the page's PushManager answers with a
// subscription the local push service made (bound to the server's VAPID key, with keys only it can
// decrypt for): everything after the browser's subscribe (the page posting it, the server's outbox,
// encryption, signing, the push service's checks) is the real path.

const PUSH_SERVICE = `https://127.0.0.1:${E2E_PUSH_PORT}`;

// Chromium's headless shell answers Notification.permission "denied" whatever the context grants.
test.use({ launchOptions: FULL_CHROMIUM });

test('a member allows notifications after an order and gets one when the cashier accepts it @phone', async ({
  page,
  request,
  context,
  baseURL,
}, testInfo) => {
  const member = await newMember(request);
  const order = await placePickupOrder(request, member, { place: 'place-san-isidro', units: 1 });
  await context.grantPermissions(['notifications'], { origin: baseURL });

  const { public_key } = await (await request.get('/api/v5/push/key/')).json();
  const pushService = await newRequest.newContext({ ignoreHTTPSErrors: true });
  const made = await pushService.post(`${PUSH_SERVICE}/subscriptions`, {
    data: { application_server_key: public_key },
  });
  expect(made.status()).toBe(201);
  const subscription = await made.json();
  await page.addInitScript(
    ({ subscription, key }) => {
      let current: PushSubscription | null = null;
      PushManager.prototype.getSubscription = async () => current;
      PushManager.prototype.subscribe = async (options) => {
        // The page subscribes with the server's key, as a real push service requires.
        if (options?.applicationServerKey !== key) throw new DOMException('wrong key', 'InvalidAccessError');
        current = { endpoint: subscription.endpoint, toJSON: () => subscription } as PushSubscription;
        return current;
      };
    },
    { subscription, key: public_key },
  );

  await signIn(page, member);
  await page.goto(`/orders/${order.uid}`);
  const offer = page.getByRole('region', { name: '¿Te avisamos cuando tu pedido avance?' });
  await expect(offer).toBeVisible();
  await expect(page.getByRole('heading', { name: `Pedido #${order.number}` })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('push-offer.png'), fullPage: true });
  await offer.getByRole('button', { name: 'Activar notificaciones' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Listo: te avisaremos' })).toBeVisible();

  // The cashier accepts the order.
  const staff = await request.post('/api/v5/login/', {
    data: { email: 'tienda@demo.pe', password: 'Demo1234!' },
  });
  const accepted = await request.patch(`/api/v5/retail/orders/${order.uid}/`, {
    headers: { Authorization: `Token ${(await staff.json()).token}` },
    data: { status: 'ACCEPTED' },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);

  const id = subscription.endpoint.split('/').pop();
  const mine = async () =>
    (
      (await (await pushService.get(`${PUSH_SERVICE}/messages`)).json()) as { subscriptionId: string }[]
    ).filter((message) => message.subscriptionId === id);
  await expect.poll(mine, { timeout: 15_000 }).toHaveLength(1);
  expect((await mine())[0]).toMatchObject({
    payload: {
      title: 'Demo',
      body: `Tu pedido #${order.number} está aceptado.`,
      url: expect.stringMatching(new RegExp(`/orders/${order.uid}$`)),
    },
  });
  await pushService.dispose();
});

test('the service worker keeps the built shell, and never answers a page or the API', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const answers: { path: string; fromWorker: boolean }[] = [];
  page.on('response', (response) =>
    answers.push({ path: new URL(response.url()).pathname, fromWorker: response.fromServiceWorker() }),
  );
  // The second visit is the worker's: the shell from its cache, the page and a menu from the network.
  await page.reload();
  await page.evaluate(() => fetch('/api/v5/push/key/').then((answer) => answer.ok));
  const fromWorker = (prefix: string) => answers.filter((answer) => answer.path.startsWith(prefix));
  expect(fromWorker('/assets/').length).toBeGreaterThan(0);
  expect(fromWorker('/assets/').every((answer) => answer.fromWorker)).toBe(true);
  expect(fromWorker('/api/').length).toBeGreaterThan(0);
  expect(fromWorker('/api/').some((answer) => answer.fromWorker)).toBe(false);
  // Nor the page itself, nor anything else that is not a built asset.
  expect(answers.filter((answer) => !answer.path.startsWith('/assets/') && answer.fromWorker)).toEqual([]);
  const cached = await page.evaluate(async () => {
    const names = await caches.keys();
    const cache = await caches.open(names[0] ?? '');
    return { names, paths: (await cache.keys()).map((request) => new URL(request.url).pathname) };
  });
  expect(cached.names).toEqual([expect.stringMatching(/^shell-[0-9a-f]{12}$/)]);
  expect(cached.paths.every((path) => path.startsWith('/assets/'))).toBe(true);
});
