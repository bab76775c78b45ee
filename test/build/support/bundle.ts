// What the built bundles ask for at run time, read from their text.

import { builtinModules } from 'node:module';

/** Specifiers of static and dynamic ESM imports. */
export function esmImports(source: string): string[] {
  const specifiers = new Set<string>();
  for (const match of source.matchAll(/^\s*import\s+(?:[^'";]+?\s+from\s+)?["']([^"']+)["']/gm)) {
    specifiers.add(match[1] ?? '');
  }
  for (const match of source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) {
    specifiers.add(match[1] ?? '');
  }
  return [...specifiers];
}

/** Specifiers of literal require() calls. */
export function requireCalls(source: string): string[] {
  return [
    ...new Set([...source.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1] ?? '')),
  ];
}

export function isNodeBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || builtinModules.includes(specifier);
}

/**
 * Files of out/preload the main bundle points its windows at, from the path literals it holds:
 * `join(outDir, "preload", "index.cjs")` or `"../preload/index.cjs"`.
 */
export function preloadReferences(mainSource: string): string[] {
  const names = new Set<string>();
  for (const match of mainSource.matchAll(/["'`]preload["'`]\s*,\s*["'`]([\w.-]+\.c?js)["'`]/g)) {
    names.add(match[1] ?? '');
  }
  for (const match of mainSource.matchAll(/["'`](?:\.\.?\/)*preload\/([\w.-]+\.c?js)["'`]/g)) {
    names.add(match[1] ?? '');
  }
  return [...names];
}

/** Local files an HTML page loads (src and href), and any remote ones. */
export function htmlReferences(html: string): { local: string[]; remote: string[] } {
  const local: string[] = [];
  const remote: string[] = [];
  for (const match of html.matchAll(/\s(?:src|href)=["']([^"']+)["']/g)) {
    const ref = match[1] ?? '';
    if (/^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(ref) || /^https?:/i.test(ref)) remote.push(ref);
    else if (!ref.startsWith('data:') && !ref.startsWith('#')) local.push(ref);
  }
  return { local, remote };
}

/** Relative files a built script or stylesheet pulls in (chunks, CSS, fonts, images). */
export function assetReferences(source: string, kind: 'js' | 'css'): string[] {
  const refs = new Set<string>();
  if (kind === 'css') {
    for (const match of source.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)) {
      const ref = match[1] ?? '';
      if (!ref.startsWith('data:') && !ref.startsWith('#')) refs.add(ref);
    }
  } else {
    for (const match of source.matchAll(
      /["'`]((?:\.\.?\/|assets\/)[\w./-]+\.(?:js|css|woff2?|png|svg))["'`]/g,
    )) {
      refs.add(match[1] ?? '');
    }
  }
  return [...refs];
}
