// A run's status and agent in words, the same for the screens, the tray and notifications: in the
// interface language, with a status the app does not know still read as a sentence.
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../../../electron/domain/i18n/catalogues';
import type { Language } from '../../../../electron/domain/i18n/languages';
import { createTranslator } from '../../../../electron/domain/i18n/translator';
import { agentLabel } from '../../../../electron/domain/runs/agent-label';
import { statusLine, statusWord } from '../../../../electron/domain/runs/status-words';

const tIn = (language: Language) =>
  createTranslator({ language, messages: CATALOGUES[language], fallback: CATALOGUES.en }).t;

describe('statusWord', () => {
  it('reads the known statuses as words, "created" and "queued" alike', () => {
    const t = tIn('en');
    expect(
      ['created', 'queued', 'running', 'succeeded', 'cancelled', 'failed'].map((s) =>
        statusWord(t, s),
      ),
    ).toEqual(['Waiting', 'Waiting', 'Working…', 'Done', 'Stopped', 'Failed']);
    expect(statusWord(tIn('de'), 'succeeded')).toBe('Fertig');
    expect(statusWord(tIn('ar'), 'failed')).toBe('فشلت');
  });

  it('reads an unknown slug as a sentence in any language, an empty one as unknown', () => {
    for (const language of ['en', 'de', 'ja', 'ar'] as const) {
      expect(statusWord(tIn(language), 'timed_out')).toBe('Timed out');
    }
    expect(statusWord(tIn('en'), ' _ ')).toBe('Unknown');
    expect(statusWord(tIn('fr'), '')).toBe('Inconnu');
  });

  it('gives a failure its reason, in the sentence the language builds', () => {
    expect(statusLine(tIn('en'), 'failed', 'the agent timed out')).toBe(
      'Failed: the agent timed out',
    );
    expect(statusLine(tIn('fr'), 'failed', 'délai dépassé')).toBe('Échec\u202f: délai dépassé');
    expect(statusLine(tIn('en'), 'succeeded', 'ignored')).toBe('Done');
  });
});

describe('agentLabel', () => {
  it('makes an id readable and names a nameless agent in the language', () => {
    expect(agentLabel(tIn('de'), 'sales.deal_coach')).toBe('Deal coach');
    expect(agentLabel(tIn('en'), '...')).toBe('The assistant');
    expect(agentLabel(tIn('ja'), '')).toBe('アシスタント');
  });
});
