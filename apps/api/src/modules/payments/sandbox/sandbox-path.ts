/** Where a development server answers as the payment providers (architecture §10 Demo), on loopback. */
export const SANDBOX_PATH = '/api/dev/payments-sandbox';
