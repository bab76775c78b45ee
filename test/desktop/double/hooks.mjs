// Node module resolve hook (module.register), loaded only by the desktop tests: inside a built
// bundle started by the Electron double (out/…?electron-double-launch=N), `import 'electron'`
// resolves to that launch's double instead of the npm package (which holds no binary here).
export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'electron' && context.parentURL !== undefined) {
    const launch = new URL(context.parentURL).searchParams.get('electron-double-launch');
    if (launch !== null) {
      const url = new URL('./electron-module.mjs', import.meta.url);
      url.searchParams.set('launch', launch);
      return { url: url.href, shortCircuit: true };
    }
  }
  return nextResolve(specifier, context);
}
