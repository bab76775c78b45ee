import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// In development only, Vite injects an inline React preamble and opens an HMR socket, which the
// page's strict CSP meta tag would block. The dev server's pages get a dev-only CSP header from
// the Electron shell instead; production builds keep the meta tag untouched.
function stripCspMetaInDev(): Plugin {
  return {
    name: 'assistant:strip-csp-meta-in-dev',
    apply: 'serve',
    transformIndexHtml(html) {
      return html.replace(/<meta\s+http-equiv="Content-Security-Policy"[^>]*>\s*/i, '');
    },
  };
}

// The renderer: Vite root is src/, output goes where the Electron shell and browser mode load it.
export default defineConfig({
  root: fileURLToPath(new URL('./src', import.meta.url)),
  base: './',
  plugins: [react(), stripCspMetaInDev()],
  build: {
    outDir: fileURLToPath(new URL('./out/renderer', import.meta.url)),
    emptyOutDir: true,
    target: 'chrome130',
    sourcemap: false,
  },
});
