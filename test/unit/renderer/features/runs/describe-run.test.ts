// What the run panel says about a run, from the live run, the transcript or the record.
import { describe, expect, it } from 'vitest';
import type { RunDetail } from '../../../../../electron/contract';
import { describeRun, elapsedText } from '../../../../../src/features/runs/describeRun';
import type { LiveRunMeta } from '../../../../../src/features/runs/runMeta';
import { CATALOGUES } from '../../../../../electron/domain/i18n/catalogues';
import { createTranslator } from '../../../../../electron/domain/i18n/translator';

const translatorIn = (language: 'en' | 'de' | 'ja') =>
  createTranslator({ language, messages: CATALOGUES[language], fallback: CATALOGUES.en });
const { t } = translatorIn('en');

const agents = [{ id: 'sales.deal_coach', title: 'Deal coach', data: {} }];
const live: LiveRunMeta = {
  runId: 'r1',
  agentId: 'sales.deal_coach',
  status: 'running',
  stream: 'retrying',
  done: false,
  startedAt: '2026-01-05T09:00:00.000Z',
  seq: 4,
  message: 'Next step?',
  usage: { inputTokens: 1200, outputTokens: 34 },
};
const stored: RunDetail = {
  record: null,
  transcript: {
    runId: 'r1',
    agentId: 'sales.other',
    message: 'Stored question',
    text: '',
    events: [],
    status: 'failed',
    startedAt: '2026-01-05T08:00:00.000Z',
    finishedAt: '2026-01-05T08:01:05.000Z',
    error: { code: 'upstream', message: 'The CRM did not answer.', retryable: true },
  },
};

describe('describeRun', () => {
  it('reads a live run first: its agent by name, its question, its stream trouble, its tokens', () => {
    const run = describeRun(t, live, stored, agents);
    expect(run).toMatchObject({
      startedAt: live.startedAt,
      status: 'running',
      done: false,
      agentName: 'Deal coach',
      message: 'Next step?',
      streamNote: 'Connection lost, reconnecting…',
      tokens: '1,200 in · 34 out tokens',
    });
    // What the live run does not know yet comes from the transcript.
    expect(run.finishedAt).toBe('2026-01-05T08:01:05.000Z');
  });

  it('reads a run nobody follows from its transcript, error and all', () => {
    const run = describeRun(t, undefined, stored, agents);
    expect(run).toMatchObject({
      status: 'failed',
      done: true,
      // Not among the loaded agents: its id made readable, never shown as it is.
      agentName: 'Other',
      agentId: 'sales.other',
      message: 'Stored question',
      tokens: null,
      error: { message: 'The CRM did not answer.' },
    });
    expect(run.streamNote).toBeUndefined();
    expect(elapsedText(run, Date.now())).toBe(
      elapsedText({ ...run, finishedAt: '2026-01-05T08:01:05.000Z' }, 0),
    );
  });

  it('takes an unknown run as done unless its record says it is still going', () => {
    expect(describeRun(t, undefined, undefined, undefined)).toMatchObject({
      status: 'unknown',
      done: true,
      agentName: 'Answer',
    });
    const queued: RunDetail = {
      record: { id: 'r1', runId: 'r1', title: 't', status: 'queued', agentId: 'x', data: {} },
      transcript: null,
    };
    expect(describeRun(t, undefined, queued, agents)).toMatchObject({
      status: 'queued',
      done: false,
    });
  });

  it('reads the question of a run asked elsewhere from its record, so it can be retried', () => {
    const asked: RunDetail = {
      record: {
        id: 'r2',
        runId: 'r2',
        title: 't',
        status: 'succeeded',
        agentId: 'x',
        data: { input: { message: 'What did we promise?' } },
      },
      transcript: null,
    };
    expect(describeRun(t, undefined, asked, agents).message).toBe('What did we promise?');
  });

  it('counts elapsed time to now while running and to the end once finished', () => {
    const run = describeRun(t, live, undefined, agents);
    const start = Date.parse(live.startedAt);
    expect(elapsedText(run, start + 5_000)).not.toBe(elapsedText(run, start + 65_000));
    expect(elapsedText({ ...run, startedAt: undefined }, start)).toBeNull();
  });

  it('speaks the interface language: the stream’s trouble, the tokens with their numbers, no agent', () => {
    const german = describeRun(translatorIn('de').t, live, undefined, agents);
    expect(german.streamNote).toBe('Verbindung unterbrochen, neuer Versuch …');
    expect(german.tokens).toBe('Tokens: 1.200 Eingabe · 34 Ausgabe');
    expect(describeRun(translatorIn('ja').t, undefined, undefined, undefined).agentName).toBe(
      '回答',
    );
    // An agent's id made readable stays itself: it is the service's name, not a word of ours.
    expect(describeRun(translatorIn('de').t, undefined, stored, undefined).agentName).toBe('Other');
  });
});
