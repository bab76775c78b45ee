import { defineConfig } from 'vitest/config';

// Tests of the built app (`npm run build` output) and of what electron-builder would package.
// Separate from the unit suite because they need out/ to exist: `npm run test:build`.
export default defineConfig({
  test: {
    root: new URL('../../', import.meta.url).pathname,
    include: ['test/build/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
