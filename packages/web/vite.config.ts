import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The Fastify server answers these; in dev the browser talks to Vite only, so it proxies them.
const API = process.env.PORTAL_API ?? 'http://127.0.0.1:8080';
const proxied = ['/api', '/token', '/crm', '/healthz'];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: API, changeOrigin: false }])),
  },
  preview: {
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: API, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // antd alone is larger than the default 500 kB warning threshold.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // React and the router change rarely: their own chunk stays cached across releases.
        // Everything else (antd included) is split automatically along the lazy screens.
        codeSplitting: {
          groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
});
