import { describe, expect, it } from 'vitest';
import { normaliseSearch, searchTerms } from './search.ts';

describe('catalogue search normalisation', () => {
  it('drops case, accents and extra spaces, as Spanish search expects', () => {
    expect(normaliseSearch('  Ají de   GALLINA ')).toBe('aji de gallina');
    expect(normaliseSearch('Causa limeña, Pingüino, ÑANDÚ')).toBe('causa limena, pinguino, nandu');
    // Composed and decomposed forms of the same letter meet.
    expect(normaliseSearch('A\u0301')).toBe(normaliseSearch('Á'));
  });

  it('splits a query into its normalised words', () => {
    expect(searchTerms(' Lomo  SALTADO ')).toEqual(['lomo', 'saltado']);
    expect(searchTerms('   ')).toEqual([]);
  });
});
