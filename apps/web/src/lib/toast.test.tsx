import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Toasts, toast } from './toast.tsx';

describe('the lazy toast', () => {
  afterEach(cleanup);

  it('renders no Toaster until the first toast, then shows it top-right', async () => {
    const { container } = render(<Toasts />);
    expect(container.innerHTML).toBe('');

    toast.success('Guardado', { id: 'saved' });
    toast.error('Falló');

    expect(await screen.findByText('Guardado')).toBeTruthy();
    expect(await screen.findByText('Falló')).toBeTruthy();
    const toaster = container.querySelector('[data-sonner-toaster]');
    expect(toaster?.getAttribute('data-x-position')).toBe('right');
    expect(toaster?.getAttribute('data-y-position')).toBe('top');
    expect(screen.getByText('Guardado').closest('[data-type]')?.getAttribute('data-type')).toBe('success');
  });
});
