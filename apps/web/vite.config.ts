import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    // React's API on Preact's 4 KB runtime: keeps the login page under the template's 79 KB (docs/decisions/0004).
    alias: {
      react: 'preact/compat',
      'react-dom/client': 'preact/compat/client',
      'react-dom': 'preact/compat',
      'react/jsx-runtime': 'preact/jsx-runtime',
      'react/jsx-dev-runtime': 'preact/jsx-runtime',
    },
  },
  server: {
    port: 5173,
    // changeOrigin stays false so the API sees the browser's own Host and its same-origin check holds.
    // 127.0.0.1, not localhost: the API listens on IPv4 and localhost may resolve to ::1 first.
    proxy: {
      '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? 3000}`, changeOrigin: false },
    },
  },
  build: { outDir: 'dist', sourcemap: false, target: 'es2022', reportCompressedSize: true },
});
