// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pollAnswers } from './poll-detail.tsx';

const poll = {
  questions: [
    { uid: 'q1', text: '¿Cómo?', type: 'CHOICE' as const, options: [{ uid: 'o1', text: 'Bien' }] },
    { uid: 'q2', text: '¿Qué mejorar?', type: 'TEXT' as const, options: [] },
  ],
};

describe('pollAnswers (every question required)', () => {
  it('builds the body with an option or a text per question', () => {
    expect(pollAnswers(poll, { q1: 'o1', q2: ' Más postres ' })).toEqual([
      { question: 'q1', option: 'o1' },
      { question: 'q2', text: 'Más postres' },
    ]);
  });

  it('refuses a missing or blank answer', () => {
    expect(pollAnswers(poll, { q1: 'o1' })).toBeNull();
    expect(pollAnswers(poll, { q1: 'o1', q2: '   ' })).toBeNull();
    expect(pollAnswers(poll, { q2: 'texto' })).toBeNull();
  });
});
