// The browser companion's extension (npm run build:extension): the side panel (panel.html and its
// React code), the options page (options.html) and the service worker, built by Vite into
// out/extension/, a folder Chromium loads unpacked (its manifest carries the development key, for
// the fixed development id), then zipped for the stores as out/assistant-companion-<version>.zip
// with the same files but a manifest without `key` (the stores refuse one and assign their ids);
// and from the same files the Firefox package: out/extension-firefox/ (load it as a temporary
// add-on) and out/assistant-companion-<version>-firefox.xpi, with Firefox's manifest.
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  copyIcons,
  copyManagedSchema,
  storeManifest,
  writeManifest,
  writeFirefoxPackage,
  writeManifestWords,
  zipFolder,
} from './build/package-extension';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const outDir = here('../out/extension');
const { version } = JSON.parse(readFileSync(here('../package.json'), 'utf8')) as {
  version: string;
};

function packageExtension(): Plugin {
  return {
    name: 'assistant:package-extension',
    apply: 'build',
    async closeBundle() {
      await writeManifest(here('./manifest.json'), outDir, version);
      await writeManifestWords(outDir);
      await copyManagedSchema(here('./managed-schema.json'), outDir);
      await copyIcons(here('../resources/icons'), outDir);
      await zipFolder(outDir, here(`../out/assistant-companion-${version}.zip`), {
        'manifest.json': await storeManifest(outDir),
      });
      await writeFirefoxPackage(
        outDir,
        here('../out/extension-firefox'),
        here(`../out/assistant-companion-${version}-firefox.xpi`),
      );
    },
  };
}

export default defineConfig({
  root: here('.'),
  base: './',
  plugins: [react(), packageExtension()],
  build: {
    outDir,
    emptyOutDir: true,
    target: 'chrome116',
    sourcemap: false,
    // One panel read from disk, not a page fetched over a network: its size costs no round trips.
    chunkSizeWarningLimit: 800,
    // Chromium reads the extension's files from disk: no inline data: URLs in its pages.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: {
        panel: here('./panel.html'),
        options: here('./options.html'),
        'service-worker': here('./src/background/service-worker.ts'),
      },
      output: {
        entryFileNames: (chunk) =>
          chunk.name === 'service-worker' ? 'service-worker.js' : 'assets/[name]-[hash].js',
      },
    },
  },
});
