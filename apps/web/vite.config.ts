import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Vendor code that every page needs goes into one long-cached chunk; everything else (antd components,
// qrcode, pages) is split by use so the /login route loads only what it renders.
const REACT_VENDOR = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      output: {
        manualChunks(id) {
          if (REACT_VENDOR.test(id)) return 'react-vendor';
          return undefined;
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    testTimeout: 20_000,
  },
});
