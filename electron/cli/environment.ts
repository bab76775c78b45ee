// The environment variables the command reads, apart from the code that reads them, so the
// start-up path can name them (to keep the token out of every message) without loading the API.
export const ENV_BASE_URL = 'ASSISTANT_BASE_URL';
export const ENV_TOKEN = 'ASSISTANT_SESSION_TOKEN';
