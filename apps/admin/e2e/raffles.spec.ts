import { digits, expect, newMember, test } from '../../web/e2e/support.ts';
import {
  ADMIN,
  checkAxe,
  localDateTime,
  openFromMenu,
  ownerApi,
  receivedMail,
  signInAdmin,
} from './admin-support.ts';

// Issue 18's raffle journey: an owner creates a raffle on the admin site, members register on the
// storefront, the owner closes the registrations and draws; the winner gets the mail (the journeys'
// loopback SMTP server) and the draw shows the seed that re-checks it. Then a poll's results chart.

test.use({ locale: 'es-PE', viewport: { width: 1024, height: 768 } });

/** `datetime-local` value of a moment, on the browser's clock (the journeys run in UTC). */

test('an owner draws a raffle among the registered members and the winner receives the mail', async ({
  page,
  request,
}) => {
  test.slow();
  const title = `Sorteo de una parrilla ${digits(5)}`;
  await signInAdmin(page, 'dueno@demo.pe');
  await openFromMenu(page, 'Sorteos');
  await checkAxe(page, 'raffles');
  await page.getByRole('link', { name: 'Crear' }).click();
  await page.getByRole('textbox', { name: 'Título' }).fill(title);
  await page.getByRole('textbox', { name: 'Premio' }).fill('Una parrilla');
  await page.getByRole('textbox', { name: 'Términos y condiciones' }).fill('Solo socios mayores de edad.');
  await page.getByLabel('Inscripciones hasta').fill(localDateTime(new Date(Date.now() + 86_400_000)));
  await checkAxe(page, 'raffle create');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(new RegExp(`${ADMIN}/raffles/[0-9a-f-]{36}$`));
  const uid = page.url().split('/').at(-1) as string;

  // Two members register on the storefront.
  const members = [await newMember(request), await newMember(request)];
  for (const member of members) {
    const registered = await request.post(`/api/v5/me/programs/demo-club/raffles/${uid}/register/`, {
      headers: { Authorization: `Token ${member.token}`, 'Idempotency-Key': crypto.randomUUID() },
      data: { accepted_terms: true },
    });
    expect(registered.status(), await registered.text()).toBe(201);
  }
  await page.reload();
  await expect(page.getByRole('table', { name: 'Inscritos (2)' })).toBeVisible();
  await checkAxe(page, 'raffle edit');

  // Drawing before the registrations close is refused with the reason.
  await page.getByRole('button', { name: 'Sortear ganadores' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
  await expect(
    page.getByText(
      'Las inscripciones de este sorteo siguen abiertas: se sortea después de su fecha de cierre.',
    ),
  ).toBeVisible();

  // The owner closes the registrations, then draws.
  await page.getByLabel('Inscripciones hasta').fill(localDateTime(new Date(Date.now() - 3_600_000)));
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Elemento actualizado')).toBeVisible();
  await page.getByRole('button', { name: 'Sortear ganadores' }).click();
  const confirm = page.getByRole('dialog', { name: `Sortear «${title}»` });
  await expect(confirm).toContainText('Se elegirán 1 ganadores entre 2 inscritos');
  await checkAxe(page, 'draw confirmation');
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Sorteo realizado: los ganadores recibirán un correo')).toBeVisible();
  const winners = page.getByRole('list', { name: 'Ganadores' }).getByRole('listitem');
  await expect(winners).toHaveCount(1);
  await expect(page.getByTestId('draw-seed')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(page.getByRole('button', { name: 'Sortear ganadores' })).toHaveCount(0);
  await checkAxe(page, 'raffle drawn');

  // The winner (and only they) gets the mail, naming the raffle and the draw's code.
  const mail = await receivedMail(
    members.map((m) => m.email),
    new RegExp(`¡ganaste el sorteo ${title}!`),
  );
  await expect(winners.first()).toContainText(mail.to);
  expect(mail.text).toContain('Premio: Una parrilla.');
  const api = await ownerApi(request);
  const raffle = await (await request.get(`${api.base}/raffles/${uid}/`, { headers: api.headers })).json();
  expect(mail.text).toContain(raffle.draw.uid);
});

test("a poll's results show as a chart with each option's count and share", async ({ page, request }) => {
  const api = await ownerApi(request);
  const created = await request.post(`${api.base}/polls/`, {
    headers: api.headers,
    data: {
      program: 'demo-club',
      title: `¿Qué postre? ${digits(5)}`,
      questions: [
        { text: '¿Cuál prefieres?', type: 'CHOICE', options: [{ text: 'Suspiro' }, { text: 'Picarones' }] },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const poll = await created.json();
  const [question] = poll.questions;
  for (const pick of [0, 0, 1]) {
    const member = await newMember(request);
    const answered = await request.post(`/api/v5/me/polls/${poll.uid}/responses/`, {
      headers: { Authorization: `Token ${member.token}`, 'Idempotency-Key': crypto.randomUUID() },
      data: { answers: [{ question: question.uid, option: question.options[pick].uid }] },
    });
    expect(answered.status(), await answered.text()).toBe(201);
  }
  await signInAdmin(page, 'dueno@demo.pe');
  await openFromMenu(page, 'Encuestas');
  await page.getByRole('cell', { name: poll.title }).click();
  await expect(page.getByText('Esta encuesta ya tiene 3 respuestas')).toBeVisible();
  await checkAxe(page, 'poll edit');
  await page.getByRole('link', { name: 'Resultados' }).click();
  await expect(page.getByTestId('poll-responses')).toHaveText('Respondieron 3 socios');
  await expect(page.getByTestId('poll-chart').locator('svg').first()).toBeVisible();
  const options = page.getByRole('list', { name: '¿Cuál prefieres?' }).getByRole('listitem');
  await expect(options).toHaveText(['Suspiro: 2 (66.7%)', 'Picarones: 1 (33.3%)']);
  await checkAxe(page, 'poll results');
});

test.describe('in English', () => {
  test.use({ locale: 'en-US' });

  test('a manager sees a raffle, its draw panel and the polls in English', async ({ page }) => {
    await page.goto(`${ADMIN}/`);
    await page.getByLabel('Email').fill('gerente@demo.pe');
    await page.getByLabel('Password').fill('Demo1234!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: /Sabores Demo/ }).click();
    await openFromMenu(page, 'Raffles');
    await page.getByRole('cell', { name: 'Sorteo de aniversario' }).click();
    await expect(page.getByRole('heading', { name: 'Draw', level: 2 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Draw the winners' })).toBeVisible();
    await expect(page.getByLabel('Registrations until')).toBeVisible();
    await checkAxe(page, 'raffle edit (en)');
    await openFromMenu(page, 'Polls');
    await page.getByRole('cell', { name: '¿Cómo te atendimos?' }).click();
    await page.getByRole('link', { name: 'Results' }).click();
    await expect(page.getByRole('heading', { name: '¿Cómo te atendimos?', level: 2 })).toBeVisible();
    await checkAxe(page, 'poll results (en)');
  });
});
