import { describe, expect, it } from 'vitest';
import { answerFromRecord, questionFromRecord } from '../../../../electron/domain/runs/record-text';

describe('the answer in a run record of any shape', () => {
  it('finds it under the usual names, in any case convention', () => {
    expect(answerFromRecord({ runId: 'r', status: 'succeeded', output: 'Call Maple.' })).toBe(
      'Call Maple.',
    );
    expect(answerFromRecord({ Output_Text: 'A' })).toBe('A');
    expect(answerFromRecord({ final_output: 'B' })).toBe('B');
    expect(answerFromRecord({ answer: 'C' })).toBe('C');
    expect(answerFromRecord({ result: { text: 'D' } })).toBe('D');
    expect(answerFromRecord({ response: { content: 'E' } })).toBe('E');
  });

  it('joins the parts of a chat-style answer', () => {
    expect(
      answerFromRecord({
        output: [
          { type: 'message', content: [{ type: 'output_text', text: 'First.' }] },
          { type: 'message', content: [{ type: 'output_text', text: 'Second.' }] },
        ],
      }),
    ).toBe('First.\n\nSecond.');
  });

  it('looks one usual wrapper deep', () => {
    expect(answerFromRecord({ data: { result: 'F' } })).toBe('F');
    expect(answerFromRecord({ run: { output: { markdown: '# G' } } })).toBe('# G');
  });

  it('prefers the output to other text, and never takes the question for the answer', () => {
    expect(answerFromRecord({ text: 'other', output: 'the answer' })).toBe('the answer');
    expect(answerFromRecord({ input: { message: 'What next?' }, output: null })).toBeUndefined();
    expect(answerFromRecord({ message: 'What next?' })).toBeUndefined();
  });

  it('says there is none when the record holds no text', () => {
    expect(answerFromRecord({ runId: 'r', status: 'running', output: null })).toBeUndefined();
    expect(answerFromRecord({ output: '   ' })).toBeUndefined();
    expect(answerFromRecord({ output: [] })).toBeUndefined();
    expect(answerFromRecord({ output: 42 })).toBeUndefined();
  });
});

describe('the question in a run record', () => {
  it('is input.message as the API shows it, or a question-like field', () => {
    expect(questionFromRecord({ input: { message: 'What next?' }, output: 'x' })).toBe(
      'What next?',
    );
    expect(questionFromRecord({ Input: { Prompt: 'Why?' } })).toBe('Why?');
    expect(questionFromRecord({ input: 'Plain input' })).toBe('Plain input');
    expect(questionFromRecord({ question: 'Top level?' })).toBe('Top level?');
    expect(questionFromRecord({ output: 'an answer only' })).toBeUndefined();
    expect(questionFromRecord({ input: { dealId: 'd' } })).toBeUndefined();
  });

  it('shows the question as sent: no bidi or control character, its lines kept', () => {
    expect(
      questionFromRecord({ input: { message: 'Is \u202eMallory\u202c in?\r\nWhy\u0007?' } }),
    ).toBe('Is Mallory in?\nWhy?');
  });
});
