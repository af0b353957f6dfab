import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedValue } from './use-debounced-value.ts';

describe('useDebouncedValue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('answers the last value only once it has stayed 800 ms', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 800), {
      initialProps: { value: '' },
    });
    rerender({ value: 'l' });
    act(() => vi.advanceTimersByTime(500));
    rerender({ value: 'lo' });
    act(() => vi.advanceTimersByTime(500));
    rerender({ value: 'lom' });
    // Each keystroke restarts the wait: 1,000 ms after the first, nothing has settled yet.
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(799));
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('lom');
  });

  it('skips intermediate values', () => {
    const seen: string[] = [];
    const { rerender } = renderHook(
      ({ value }) => {
        const settled = useDebouncedValue(value, 800);
        if (seen.at(-1) !== settled) seen.push(settled);
        return settled;
      },
      { initialProps: { value: 'a' } },
    );
    for (const value of ['ab', 'abc', 'abcd']) {
      rerender({ value });
      act(() => vi.advanceTimersByTime(100));
    }
    act(() => vi.advanceTimersByTime(800));
    expect(seen).toEqual(['a', 'abcd']);
  });
});
