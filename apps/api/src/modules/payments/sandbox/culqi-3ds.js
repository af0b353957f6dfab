/*
 * Stand-in for Culqi's Three-D Secure library (https://3ds.culqi.com, `Culqi3DS`), served by the local
 * fake provider and the demo sandbox. The subset the storefront uses: `Culqi3DS.publicKey`,
 * `Culqi3DS.settings = { charge: { totalAmount, returnUrl, currency }, card: { email } }`,
 * `Culqi3DS.options = { closeModalAction }`, `Culqi3DS.initAuthentication(tokenId)` and
 * `Culqi3DS.reset()`. As Culqi's library does, it shows the bank's check in its own modal and then
 * posts `{ parameters3DS }` (eci, xid, cavv, protocolVersion, directoryServerTransactionId), or
 * `{ error }`, to the page's window on the page's own origin. The parameters come from the provider's
 * API beside this script (`/3ds/authentications`), which remembers them for the token.
 */
(() => {
  const script = new URL(document.currentScript.src);
  const origin = `${script.origin}${script.pathname.replace(/\/3ds\/?$/, '')}`.replace(/\/$/, '');
  const TEXT = {
    es: {
      title: 'Verificación de tu banco',
      body: 'Tu banco pide confirmar esta compra de',
      confirm: 'Confirmar compra',
      cancel: 'Cancelar',
      working: 'Verificando…',
      sandbox: 'Entorno de pruebas: ningún banco real interviene.',
      network: 'No pudimos conectar con tu banco.',
    },
    en: {
      title: 'Your bank’s check',
      body: 'Your bank asks you to confirm this purchase of',
      confirm: 'Confirm purchase',
      cancel: 'Cancel',
      working: 'Checking…',
      sandbox: 'Test environment: no real bank takes part.',
      network: 'We could not reach your bank.',
    },
  };
  const CSS = `
.culqi3ds-sbx{border:0;border-radius:12px;padding:0;width:min(400px,calc(100vw - 24px));color:#1a1a1a;font:16px/1.4 system-ui,sans-serif}
.culqi3ds-sbx::backdrop{background:rgba(0,0,0,.55)}
.culqi3ds-sbx h2{margin:0;padding:16px;background:#00204a;color:#fff;font-size:1.1rem}
.culqi3ds-sbx div{display:grid;gap:12px;padding:16px}.culqi3ds-sbx p{margin:0}
.culqi3ds-sbx .note{font-size:.85rem;color:#4a4a4a}
.culqi3ds-sbx button{min-height:48px;border-radius:8px;font:inherit;font-weight:700;cursor:pointer}
.culqi3ds-sbx .confirm{border:0;background:#00a19b;color:#fff}.culqi3ds-sbx .cancel{border:2px solid #00204a;background:#fff;color:#00204a}`;
  let dialog = null;

  const language = () => (String(document.documentElement.lang || 'es').startsWith('en') ? 'en' : 'es');
  const el = (tag, attributes = {}, children = []) => {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (name === 'text') node.textContent = value;
      else node.setAttribute(name, value);
    }
    node.append(...children);
    return node;
  };
  const post = (message) => window.postMessage(message, window.location.origin);

  async function authenticate(tokenId) {
    const { charge = {}, card = {} } = Culqi3DS.settings || {};
    const response = await fetch(`${origin}/3ds/authentications`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${Culqi3DS.publicKey}` },
      body: JSON.stringify({
        token_id: tokenId,
        email: card.email,
        amount: charge.totalAmount,
        currency: charge.currency || 'PEN',
        return_url: charge.returnUrl,
      }),
    });
    const answer = await response.json();
    if (!response.ok || !answer.parameters3DS) throw answer;
    return answer.parameters3DS;
  }

  function show(tokenId) {
    const text = TEXT[language()];
    const { charge = {} } = Culqi3DS.settings || {};
    const amount = new Intl.NumberFormat(language() === 'en' ? 'en-PE' : 'es-PE', {
      style: 'currency',
      currency: charge.currency || 'PEN',
    }).format((Number(charge.totalAmount) || 0) / 100);
    const confirm = el('button', { type: 'button', class: 'confirm', text: text.confirm });
    const cancel = el('button', { type: 'button', class: 'cancel', text: text.cancel });
    confirm.addEventListener('click', async () => {
      confirm.disabled = true;
      confirm.textContent = text.working;
      try {
        const parameters3DS = await authenticate(tokenId);
        dialog.close('done');
        post({ parameters3DS });
      } catch (answer) {
        dialog.close('done');
        post({ error: answer?.user_message || text.network });
      }
    });
    cancel.addEventListener('click', () => dialog.close('user'));
    dialog.replaceChildren(
      el('h2', { id: 'culqi3ds-sbx-title', text: text.title }),
      el('div', {}, [
        el('p', { text: `${text.body} ${amount}.` }),
        confirm,
        cancel,
        el('p', { class: 'note', text: text.sandbox }),
      ]),
    );
    dialog.showModal();
    confirm.focus();
  }

  const Culqi3DS = {
    publicKey: '',
    settings: null,
    options: {},
    initAuthentication(tokenId) {
      if (!dialog?.isConnected) {
        document.head.append(el('style', { text: CSS }));
        dialog = el('dialog', { class: 'culqi3ds-sbx', 'aria-labelledby': 'culqi3ds-sbx-title' });
        // Closed by the person (Cancel or Escape): Culqi's library calls the page's closeModalAction.
        dialog.addEventListener('close', () => {
          if (dialog.returnValue !== 'done') Culqi3DS.options?.closeModalAction?.();
        });
        document.body.append(dialog);
      }
      dialog.returnValue = '';
      show(tokenId);
    },
    reset() {
      if (dialog?.open) dialog.close('done');
    },
  };
  window.Culqi3DS = Culqi3DS;
})();
