// A call expected to fail: resolves with the error it threw, and fails the test if it did not.
import type { AssistantError } from '../../electron/core/errors';

export async function failure(promise: Promise<unknown>): Promise<AssistantError> {
  try {
    await promise;
  } catch (error) {
    return error as AssistantError;
  }
  throw new Error('expected the call to fail');
}
