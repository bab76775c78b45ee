// What starting a run sends and keeps: the request the app makes, the body POSTed for it, what
// the new run is attached with, and the request that starts a stored run again (Retry).
import type { CreateRunInput, RunCreated } from '../api/schemas';
import { checkCreateRunInput } from '../api/validate-input';
import { AssistantError } from '../errors';
import { coreWords } from '../i18n/words';
import { jsonObject, type AttachInit } from './attach-init';
import type { TranscriptMeta } from './transcript-meta';

export interface StartRunRequest {
  agentId: string;
  message: string;
  dealId: string;
  /** Other keys of `input` and `context` (not shown by the API document), sent as given. */
  input?: Record<string, unknown>;
  context?: Record<string, unknown>;
}

/** The POST /runs body, checked: it throws on a wrong input, so nothing is sent. */
export function createRunBody(request: StartRunRequest): CreateRunInput {
  return checkCreateRunInput({
    agentId: request.agentId,
    input: { ...request.input, message: request.message },
    context: { ...request.context, dealId: request.dealId },
  });
}

/** What a run just created from `body` is attached with (the service's answer first). */
export function createdRunInit(body: CreateRunInput, created: RunCreated): AttachInit {
  const { message, ...inputRest } = body.input;
  const { dealId, ...contextRest } = body.context;
  return {
    agentId: created.agentId || body.agentId,
    dealId,
    message,
    input: jsonObject(inputRest),
    context: jsonObject(contextRest),
    status: created.status,
  };
}

/** The request that starts a run again; throws when its transcript or record does not say enough. */
export function retryRequest(
  meta:
    | (Pick<TranscriptMeta, 'agentId' | 'dealId' | 'message'> &
        Partial<Pick<TranscriptMeta, 'input' | 'context'>>)
    | undefined,
): StartRunRequest {
  if (!meta?.agentId || meta.message === undefined || !meta.dealId) {
    throw new AssistantError({
      kind: 'invalid_input',
      code: 'run_not_retryable',
      message: coreWords().t('errors.run.cannotRestart'),
      field: 'runId',
      retryable: false,
    });
  }
  return {
    agentId: meta.agentId,
    dealId: meta.dealId,
    message: meta.message,
    input: meta.input,
    context: meta.context,
  };
}
