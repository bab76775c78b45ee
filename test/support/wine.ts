// Whether this test runs on Windows Node under Wine (`npm run test:windows` says so), for the few
// places where Wine 8 does not do what Windows does. Each use names the gap; docs/testing.md lists
// them all.
export const UNDER_WINE_ENV = 'ASSISTANT_TEST_UNDER_WINE';

export const underWine = process.platform === 'win32' && process.env[UNDER_WINE_ENV] === '1';
