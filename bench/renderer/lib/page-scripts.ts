// The page scripts (../page/*.ts) bundled for Chromium. esbuild, not tsx: tsx would wrap inner
// functions in a `__name` helper that does not exist in the page.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const pageDir = fileURLToPath(new URL('../page/', import.meta.url));

async function bundle(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [`${pageDir}${entry}`],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'chrome130',
    logLevel: 'silent',
  });
  const file = result.outputFiles[0];
  if (file === undefined) throw new Error(`esbuild produced nothing for ${entry}`);
  return file.text;
}

export interface PageScripts {
  /** Defines window.__benchProbe; evaluated in both pages. */
  probe: string;
  /** The minimal page's own script (served as /minimal.js). */
  minimal: string;
}

export async function buildPageScripts(): Promise<PageScripts> {
  const [probe, minimal] = await Promise.all([bundle('probe.ts'), bundle('minimal.ts')]);
  return { probe, minimal };
}

/** The minimal page: a scroller that keeps its end in view and the element text goes into. */
export const MINIMAL_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Minimal EventSource page</title>
    <style>
      html, body { margin: 0; height: 100%; }
      #scroller { height: 100%; overflow: auto; display: flex; flex-direction: column-reverse; }
      #out { white-space: pre-wrap; font: 14px/1.5 system-ui, sans-serif; padding: 16px; }
    </style>
  </head>
  <body>
    <div id="scroller"><div id="out"></div></div>
    <script src="/minimal.js"></script>
  </body>
</html>
`;
