import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The API runs on the same origin in production (the server serves dist/); in development Vite
// forwards /api to it so cookies and relative URLs behave the same way.
// A page of the dev server calling its own /api is a same-origin request: the forwarded copy drops the
// dev server's Origin, which the API (expecting PUBLIC_URL's) would otherwise refuse on cookie routes.
// Requests from any other origin keep theirs and are refused as in production.
const api: Record<string, ProxyOptions> = {
  '/api': {
    target: 'http://127.0.0.1:3000',
    changeOrigin: false,
    configure: (proxy) => {
      proxy.on('proxyReq', (proxyReq, request) => {
        if (request.headers.origin === `http://${request.headers.host}`) proxyReq.removeHeader('origin');
      });
    },
  },
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { proxy: api },
  preview: { proxy: api },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});
