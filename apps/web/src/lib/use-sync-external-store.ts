// react-i18next imports use-sync-external-store's shim, whose fallback for React 17 and older (0.4 KiB of
// the first page) never runs on React 19: the build points it here (vite.config.ts).
export { useSyncExternalStore } from 'react';
