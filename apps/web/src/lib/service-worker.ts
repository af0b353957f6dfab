/** Registers the site's service worker (pwa/service-worker.js); registering it again is a no-op. */
export const registerServiceWorker = () => navigator.serviceWorker.register('/sw.js');
