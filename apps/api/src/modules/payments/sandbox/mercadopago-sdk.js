/*
 * Stand-in for MercadoPago.js v2 (https://sdk.mercadopago.com/js/v2), served by the local fake provider
 * and the demo sandbox. The subset the storefront uses: `new MercadoPago(publicKey, {locale})`, the
 * secure fields (`mp.fields.create('cardNumber' | 'expirationDate' | 'securityCode', {placeholder})
 * .mount(containerId)`, their `on('binChange' | 'validityChange' | 'ready', …)` events and
 * `mp.fields.createCardToken({cardholderName, identificationType, identificationNumber})`),
 * `mp.getPaymentMethods({bin})`, `mp.getInstallments({amount, bin})` and `mp.getIdentificationTypes()`.
 * The fields' values stay in this script (their inputs have no name, so no form of the page sends them)
 * and go only to the provider's API beside it (`/v1/card_tokens?public_key=…`), as the real SDK's do.
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
  const FIELDS = {
    cardNumber: { inputmode: 'numeric', autocomplete: 'cc-number', pattern: /^\d{13,19}$/, clean: /\D/g },
    expirationDate: {
      inputmode: 'numeric',
      autocomplete: 'cc-exp',
      pattern: /^(0[1-9]|1[0-2])\/\d{2}$/,
      clean: /[^\d/]/g,
    },
    securityCode: { inputmode: 'numeric', autocomplete: 'cc-csc', pattern: /^\d{3,4}$/, clean: /\D/g },
  };
  /** Mercado Pago's own answer to a bad field, as createCardToken's rejection carries it. */
  const CAUSES = {
    cardNumber: { code: 'E301', message: 'invalid parameter cardNumber' },
    expirationDate: { code: '325', message: 'invalid parameter expirationMonth or expirationYear' },
    securityCode: { code: 'E302', message: 'invalid parameter securityCode' },
  };

  class SecureField {
    constructor(type, options, values) {
      this.type = type;
      this.options = options || {};
      this.values = values;
      this.listeners = {};
      this.input = null;
    }

    on(event, listener) {
      this.listeners[event] = [...(this.listeners[event] || []), listener];
      return this;
    }

    emit(event, data) {
      for (const listener of this.listeners[event] || []) listener(data);
    }

    mount(containerId) {
      const container = document.getElementById(containerId);
      if (!container) throw new Error(`MercadoPago.js: no element with id ${containerId}`);
      const spec = FIELDS[this.type];
      const input = document.createElement('input');
      input.className = 'mp-secure-field';
      input.setAttribute('inputmode', spec.inputmode);
      input.setAttribute('autocomplete', spec.autocomplete);
      if (this.options.placeholder) input.placeholder = this.options.placeholder;
      // Labelled by the page's own <label for="{containerId}-input">, else by its placeholder.
      input.id = `${containerId}-input`;
      if (!document.querySelector(`label[for="${input.id}"]`))
        input.setAttribute('aria-label', this.options.placeholder || this.type);
      let lastBin = '';
      input.addEventListener('input', () => {
        const value = input.value.replace(spec.clean, '');
        this.values[this.type] = value;
        if (this.type === 'cardNumber') {
          const bin = value.length >= 8 ? value.slice(0, 8) : '';
          if (bin !== lastBin) {
            lastBin = bin;
            // As MercadoPago.js documents binChangeEvent: the bin once valid, null when it is not.
            this.emit('binChange', { bin: bin || null, field: this.type });
          }
        }
      });
      input.addEventListener('blur', () => {
        const valid = spec.pattern.test(this.values[this.type] || '');
        input.setAttribute('aria-invalid', String(!valid));
        this.emit('validityChange', { field: this.type, errorMessages: valid ? [] : [CAUSES[this.type]] });
        this.emit('blur', { field: this.type });
      });
      container.replaceChildren(input);
      this.input = input;
      this.emit('ready', { field: this.type });
      return this;
    }

    unmount() {
      this.input?.remove();
      this.input = null;
      delete this.values[this.type];
      return this;
    }

    focus() {
      this.input?.focus();
      return this;
    }
  }

  class MercadoPago {
    constructor(publicKey, options = {}) {
      if (!publicKey) throw new Error('MercadoPago.js: a public key is required');
      this.publicKey = publicKey;
      this.locale = options.locale || 'es-PE';
      const values = {};
      const created = {};
      this.fields = {
        create: (type, fieldOptions) => {
          if (!FIELDS[type]) throw new Error(`MercadoPago.js: unknown field ${type}`);
          created[type] = new SecureField(type, fieldOptions, values);
          return created[type];
        },
        createCardToken: async ({ cardholderName, identificationType, identificationNumber } = {}) => {
          const causes = Object.keys(FIELDS)
            .filter((type) => !created[type] || !FIELDS[type].pattern.test(values[type] || ''))
            .map((type) => CAUSES[type]);
          if (causes.length > 0) throw causes;
          const [month, year] = values.expirationDate.split('/');
          const body = {
            card_number: values.cardNumber,
            security_code: values.securityCode,
            expiration_month: Number(month),
            expiration_year: 2000 + Number(year),
            cardholder: {
              name: cardholderName,
              identification: { type: identificationType, number: identificationNumber },
            },
          };
          const answer = await this.request('/v1/card_tokens', { method: 'POST', body });
          return answer;
        },
      };
    }

    /** The provider's answer, or a rejection with its causes (`[{code, message}]`) as the real SDK gives. */
    async request(path, { method = 'GET', body, query = {} } = {}) {
      const search = new URLSearchParams({ public_key: this.publicKey, ...query });
      let response;
      try {
        response = await fetch(`${origin}${path}?${search}`, {
          method,
          headers: body ? { 'Content-Type': 'application/json' } : {},
          body: body ? JSON.stringify(body) : undefined,
        });
      } catch {
        throw [{ code: 'network_error', message: 'network error' }];
      }
      const answer = await response.json().catch(() => ({}));
      if (response.ok) return answer;
      const causes = Array.isArray(answer.cause) ? answer.cause : [];
      throw causes.length > 0
        ? causes.map((cause) => ({ code: String(cause.code), message: cause.description || answer.message }))
        : [{ code: String(answer.status || response.status), message: answer.message || 'error' }];
    }

    getPaymentMethods({ bin } = {}) {
      return this.request('/v1/payment_methods/search', { query: { bins: bin || '' } });
    }

    getInstallments({ amount, bin, paymentTypeId = 'credit_card' } = {}) {
      return this.request('/v1/payment_methods/installments', {
        query: { amount: String(amount), bin: bin || '', payment_type_id: paymentTypeId },
      });
    }

    getIdentificationTypes() {
      return this.request('/v1/identification_types');
    }
  }
  window.MercadoPago = MercadoPago;
})();
