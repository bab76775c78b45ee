// The hook's shape for the TypeScript that imports it (its test): the part of electron-builder's
// AfterPackContext it reads.
export interface AfterSignContext {
  electronPlatformName: string;
  appOutDir: string;
  packager: { appInfo: { productFilename: string } };
}

export default function afterSign(context: AfterSignContext): void;
