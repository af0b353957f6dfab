/*
 * Stand-in for Culqi Checkout v4 (https://checkout.culqi.com/js/v4), served by the local fake provider
 * and the demo sandbox. The subset the storefront uses: `Culqi.publicKey`, `Culqi.settings()`,
 * `Culqi.options()`, `Culqi.open()` and `Culqi.close()`; the page's global `culqi()` is called with
 * `Culqi.token` (created), `Culqi.error` (refused) or `Culqi.closeEvent` (the person closed the modal).
 * The card or the Yape code is typed in this script's own modal and posted to the provider's API beside it
 * (`/v2/tokens`, `/v2/tokens/yape`) with the public key, as Culqi's own checkout does: it never reaches
 * the shop's API.
 */
(() => {
  // The provider's API beside this script: its address without the script's own `/js/vN` (the
  // sandbox serves both under one base, as /api/dev/payments-sandbox/{provider}/…), or its folder.
  const script = new URL(document.currentScript.src);
  const origin =
    `${script.origin}${script.pathname.replace(/\/js\/v\d+$/, '').replace(/\/[^/]*\.js$/, '')}`.replace(
      /\/$/,
      '',
    );
  const TEXT = {
    es: {
      close: 'Cerrar',
      card: 'Tarjeta',
      yape: 'Yape',
      email: 'Correo electrónico',
      number: 'Número de tarjeta',
      expiry: 'Vencimiento (MM/AA)',
      cvv: 'CVV',
      phone: 'Número de celular',
      otp: 'Código de aprobación (6 dígitos)',
      otpHint: 'Lo encuentras en el menú de Yape, en «Código de aprobación».',
      pay: 'Pagar',
      working: 'Procesando…',
      invalid: 'Revisa los datos ingresados.',
      network: 'No pudimos conectar con Culqi. Inténtalo de nuevo.',
      sandbox: 'Entorno de pruebas: no se cobra dinero real.',
    },
    en: {
      close: 'Close',
      card: 'Card',
      yape: 'Yape',
      email: 'Email',
      number: 'Card number',
      expiry: 'Expiry (MM/YY)',
      cvv: 'CVV',
      phone: 'Mobile number',
      otp: 'Approval code (6 digits)',
      otpHint: 'Find it in Yape’s menu, under “Approval code”.',
      pay: 'Pay',
      working: 'Processing…',
      invalid: 'Check the details you typed.',
      network: 'We could not reach Culqi. Try again.',
      sandbox: 'Test environment: no real money is charged.',
    },
  };
  const CSS = `
.culqi-sbx{border:0;border-radius:12px;padding:0;width:min(400px,calc(100vw - 24px));max-height:calc(100vh - 24px);color:#1a1a1a;font:16px/1.4 system-ui,sans-serif}
.culqi-sbx::backdrop{background:rgba(0,0,0,.55)}
.culqi-sbx header{display:flex;justify-content:space-between;align-items:start;gap:8px;padding:16px;background:#00204a;color:#fff}
.culqi-sbx h2{margin:0;font-size:1.1rem}.culqi-sbx header p{margin:4px 0 0;font-size:1.25rem;font-weight:700}
.culqi-sbx .x{background:none;border:0;color:#fff;font-size:1.6rem;line-height:1;cursor:pointer;min-width:44px;min-height:44px}
.culqi-sbx .tabs{display:flex;gap:8px;padding:12px 16px 0}
.culqi-sbx .tabs button{flex:1;min-height:44px;border:2px solid #00204a;border-radius:8px;background:#fff;color:#00204a;font:inherit;cursor:pointer}
.culqi-sbx .tabs button[aria-pressed=true]{background:#00204a;color:#fff}
.culqi-sbx form{display:grid;gap:12px;padding:16px}.culqi-sbx .row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.culqi-sbx label{display:grid;gap:4px;font-size:.9rem;font-weight:600}
.culqi-sbx input{font:inherit;padding:10px;border:1px solid #6b6b6b;border-radius:6px;min-width:0}
.culqi-sbx input[aria-invalid=true]{border-color:#b00020}
.culqi-sbx .hint,.culqi-sbx .note{margin:0;font-size:.85rem;color:#4a4a4a}
.culqi-sbx .error{margin:0;color:#b00020;font-weight:600}
.culqi-sbx .pay{min-height:48px;border:0;border-radius:8px;background:#00a19b;color:#fff;font:inherit;font-weight:700;cursor:pointer}
.culqi-sbx .pay:disabled{opacity:.7;cursor:progress}`;

  let settings = { title: '', currency: 'PEN', amount: 0 };
  let options = { lang: 'auto', paymentMethods: { tarjeta: true, yape: false } };
  let dialog = null;

  const language = () => {
    const lang = options.lang === 'auto' ? document.documentElement.lang : options.lang;
    return String(lang || 'es').startsWith('en') ? 'en' : 'es';
  };
  const el = (tag, attributes = {}, children = []) => {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (name === 'text') node.textContent = value;
      else node.setAttribute(name, value);
    }
    node.append(...children);
    return node;
  };
  const field = (label, attributes) => el('label', {}, [label, el('input', { required: '', ...attributes })]);
  const money = () =>
    new Intl.NumberFormat(language() === 'en' ? 'en-PE' : 'es-PE', {
      style: 'currency',
      currency: settings.currency || 'PEN',
    }).format((Number(settings.amount) || 0) / 100);

  const callback = () => {
    if (typeof window.culqi === 'function') window.culqi();
  };

  /** POST to the provider's token endpoint; the answer becomes Culqi.token or Culqi.error. */
  async function createToken(path, body, text) {
    try {
      const response = await fetch(`${origin}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${Culqi.publicKey}` },
        body: JSON.stringify(body),
      });
      const answer = await response.json();
      if (response.ok && answer.object === 'token') return { token: answer };
      return {
        error: { object: 'error', ...answer, user_message: answer.user_message || text.invalid },
      };
    } catch {
      return {
        error: {
          object: 'error',
          type: 'api_error',
          merchant_message: 'network',
          user_message: text.network,
        },
      };
    }
  }

  function cardForm(text) {
    const email = field(text.email, { type: 'email', name: 'email', autocomplete: 'email' });
    const number = field(text.number, {
      name: 'card_number',
      inputmode: 'numeric',
      autocomplete: 'cc-number',
      pattern: '[0-9 ]{13,23}',
    });
    const expiry = field(text.expiry, {
      name: 'expiry',
      inputmode: 'numeric',
      autocomplete: 'cc-exp',
      placeholder: 'MM/AA',
      pattern: '(0[1-9]|1[0-2]) ?/ ?[0-9]{2}',
    });
    const cvv = field(text.cvv, {
      name: 'cvv',
      inputmode: 'numeric',
      autocomplete: 'cc-csc',
      pattern: '[0-9]{3,4}',
    });
    return {
      fields: [email, number, el('div', { class: 'row' }, [expiry, cvv])],
      body: (data) => {
        const [month, year] = String(data.get('expiry')).split('/');
        return [
          '/v2/tokens',
          {
            card_number: String(data.get('card_number')).replace(/\s/g, ''),
            cvv: String(data.get('cvv')),
            expiration_month: month.trim(),
            expiration_year: `20${year.trim()}`,
            email: String(data.get('email')).trim(),
          },
        ];
      },
    };
  }

  function yapeForm(text) {
    const hint = el('span', { class: 'hint', id: 'culqi-sbx-otp-hint', text: text.otpHint });
    return {
      fields: [
        field(text.phone, { type: 'tel', name: 'number_phone', autocomplete: 'tel', pattern: '9[0-9]{8}' }),
        field(text.otp, {
          name: 'otp',
          inputmode: 'numeric',
          autocomplete: 'one-time-code',
          pattern: '[0-9]{6}',
          'aria-describedby': 'culqi-sbx-otp-hint',
        }),
        hint,
      ],
      body: (data) => [
        '/v2/tokens/yape',
        {
          amount: String(settings.amount),
          number_phone: String(data.get('number_phone')),
          otp: String(data.get('otp')),
        },
      ],
    };
  }

  function render(method) {
    const text = TEXT[language()];
    const methods = Object.keys(options.paymentMethods || {}).filter(
      (name) => (name === 'tarjeta' || name === 'yape') && options.paymentMethods[name],
    );
    const current = methods.includes(method) ? method : methods[0] || 'tarjeta';
    const kind = current === 'yape' ? yapeForm(text) : cardForm(text);
    const error = el('p', { class: 'error', role: 'alert' });
    const pay = el('button', { type: 'submit', class: 'pay', text: `${text.pay} ${money()}` });
    const form = el('form', { novalidate: '' }, [
      ...kind.fields,
      error,
      pay,
      el('p', { class: 'note', text: text.sandbox }),
    ]);
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      error.textContent = '';
      let valid = true;
      for (const input of form.querySelectorAll('input')) {
        const ok = input.checkValidity();
        input.setAttribute('aria-invalid', String(!ok));
        if (!ok && valid) input.focus();
        valid &&= ok;
      }
      if (!valid) {
        error.textContent = text.invalid;
        return;
      }
      pay.disabled = true;
      pay.textContent = text.working;
      const [path, body] = kind.body(new FormData(form));
      const result = await createToken(path, body, text);
      Culqi.token = result.token || null;
      Culqi.error = result.error || null;
      Culqi.closeEvent = null;
      if (result.error) {
        error.textContent = result.error.user_message;
        pay.disabled = false;
        pay.textContent = `${text.pay} ${money()}`;
      }
      callback();
    });
    const tabs =
      methods.length > 1
        ? [
            el(
              'div',
              { class: 'tabs' },
              methods.map((name) => {
                const tab = el('button', {
                  type: 'button',
                  'aria-pressed': String(name === current),
                  text: name === 'yape' ? text.yape : text.card,
                });
                tab.addEventListener('click', () => render(name));
                return tab;
              }),
            ),
          ]
        : [];
    const close = el('button', { type: 'button', class: 'x', 'aria-label': text.close, text: '×' });
    close.addEventListener('click', () => dialog.close('user'));
    dialog.replaceChildren(
      el('header', {}, [
        el('div', {}, [
          el('h2', { id: 'culqi-sbx-title', text: settings.title || 'Culqi' }),
          el('p', { text: money() }),
        ]),
        close,
      ]),
      ...tabs,
      form,
    );
    form.querySelector('input')?.focus();
  }

  const Culqi = {
    publicKey: '',
    token: null,
    error: null,
    order: null,
    closeEvent: null,
    get isOpen() {
      return Boolean(dialog?.open);
    },
    settings(values) {
      settings = { ...settings, ...values };
    },
    options(values) {
      options = {
        ...options,
        ...values,
        paymentMethods: { ...options.paymentMethods, ...values.paymentMethods },
      };
    },
    open() {
      // Made again if the page took it out of the document (a single-page app's navigation).
      if (!dialog?.isConnected) {
        document.head.append(el('style', { text: CSS }));
        dialog = el('dialog', { class: 'culqi-sbx', 'aria-labelledby': 'culqi-sbx-title' });
        // Closed by the person (the × or Escape): the page hears it through culqi() and Culqi.closeEvent.
        dialog.addEventListener('close', () => {
          if (dialog.returnValue === 'done') return;
          Culqi.token = null;
          Culqi.error = null;
          Culqi.closeEvent = 'checkout_cerrado';
          callback();
        });
        document.body.append(dialog);
      }
      Culqi.token = null;
      Culqi.error = null;
      Culqi.closeEvent = null;
      dialog.returnValue = '';
      render();
      dialog.showModal();
    },
    close() {
      if (dialog?.open) dialog.close('done');
    },
  };
  window.Culqi = Culqi;
})();
