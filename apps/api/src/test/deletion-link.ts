import type { FastifyInstance } from 'fastify';

/**
 * The path of a member's account-deletion link (the member of `token`, or else the demo member), as the
 * mail the server sent carries it, read from the development mailbox (newest first): a page whose
 * render reads a one-time answer, never to be kept.
 */
export async function deletionLinkPath(app: FastifyInstance, token?: string): Promise<string> {
  const member =
    token ??
    (
      await app.inject({
        method: 'POST',
        url: '/api/v5/login/',
        payload: { email: 'socio@demo.pe', password: 'Demo1234!' },
      })
    ).json().token;
  const sent = await app.inject({
    method: 'POST',
    url: '/api/v5/delete-account/',
    headers: { authorization: `Token ${member}` },
  });
  if (sent.statusCode !== 200) throw new Error(`delete-account: ${sent.statusCode} ${sent.body}`);
  const mails = (await app.inject('/api/dev/mailbox/')).json() as { text: string }[];
  const link = mails.map((mail) => mail.text.match(/https?:\/\/\S+\/me\/delete\/\S+/)?.[0]).find(Boolean);
  if (!link) throw new Error('no deletion link in the mailbox');
  return new URL(link).pathname;
}
