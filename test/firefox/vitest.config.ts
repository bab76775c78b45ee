import { defineConfig } from 'vitest/config';

// The companion walked in a real Firefox (test/firefox/walk.test.ts): needs Debian's firefox-esr
// and the built Firefox package, so it runs in `npm run test:extension` after the extension's
// build, not in the unit suite.
export default defineConfig({
  test: {
    root: new URL('../../', import.meta.url).pathname,
    include: ['test/firefox/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
});
