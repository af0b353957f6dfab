// @vitest-environment node
import { describe, expect, it } from 'vitest';
import programs from '../features/programs/locales/es.json';
import es from './es.json';

// Issue 28: the Spanish footer and program tabs said "Stamps".
describe('Spanish copy', () => {
  it('names stamps in Spanish in the footer and the program tabs', () => {
    expect(es.footer.stamps).toBe('Sellos');
    expect(programs.tabs.stamps).toBe('Sellos');
  });
});
