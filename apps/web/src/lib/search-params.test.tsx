import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useSearchState } from './search-params.ts';

function TaggedFilter() {
  const [params, update] = useSearchState();
  const location = useLocation();
  return (
    <>
      <label>
        <input
          type="checkbox"
          checked={params.get('tagged') === 'true'}
          onChange={(event) => update({ tagged: event.target.checked ? 'true' : null, page: null })}
        />
        Solo destacadas
      </label>
      <output>{`${location.search}${location.hash}`}</output>
    </>
  );
}

describe('search parameters bound to a control', () => {
  afterEach(cleanup);

  it('shows a tick at once, in the click itself, while the router renders the new address', async () => {
    render(
      <MemoryRouter initialEntries={['/program/demo-club?page=2#promotions']}>
        <TaggedFilter />
      </MemoryRouter>,
    );
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Solo destacadas' });
    // Outside act(): what the browser shows right after the click, before any deferred render.
    box.click();
    expect(box.checked).toBe(true);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('?tagged=true#promotions'));
    expect(box.checked).toBe(true);

    await act(async () => box.click());
    expect(box.checked).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('#promotions');
  });
});
