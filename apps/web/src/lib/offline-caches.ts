// The service worker's runtime caches. apps/web/vite.config.ts names them from here (it cannot load
// browser code), and lib/offline-data clears them when the member leaves (decision 041).
export const OFFLINE_CACHES = { api: 'qbank-api', uploads: 'qbank-uploads' } as const;
