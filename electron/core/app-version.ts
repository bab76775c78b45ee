// The app's version, on its own so the `assistant` command prints it (`--version`, `--help`)
// without loading the API client, zod or the catalogues that the request headers bring.
import packageJson from '../../package.json' with { type: 'json' };

export const APP_VERSION: string = packageJson.version;
