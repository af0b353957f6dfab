/** The port the journeys' server listens on (playwright.config.ts starts it). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18300);

/** The storefront of another demo tenant, e.g. `tenantUrl('multi.localhost', '/c/multi-cafe/')`. */
export const tenantUrl = (host: string, path: string) => `http://${host}:${E2E_PORT}${path}`;
