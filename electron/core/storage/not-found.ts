// A file or folder that is not there (yet): for the readers that treat it as "nothing stored".

/** Whether a file system error says the path does not exist. */
export function isNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
