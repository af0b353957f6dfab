import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from './i18n.ts';
import { Toasts, toast } from './toast.tsx';

describe('the lazy toast', () => {
  beforeAll(() => initI18n());
  afterEach(cleanup);

  it('renders no Toaster until the first toast, then shows it top-right under the header', async () => {
    const { container } = render(<Toasts />);
    expect(container.innerHTML).toBe('');

    toast.success('Guardado', { id: 'saved' });
    toast.error('Falló');

    expect(await screen.findByText('Guardado')).toBeTruthy();
    expect(await screen.findByText('Falló')).toBeTruthy();
    const toaster = container.querySelector('[data-sonner-toaster]');
    expect(toaster?.getAttribute('data-x-position')).toBe('right');
    expect(toaster?.getAttribute('data-y-position')).toBe('top');
    // Under the sticky header, on a desktop and on a phone: the header's cart count stays visible.
    const style = (toaster as HTMLElement).style;
    expect(style.getPropertyValue('--offset-top')).toBe('72px');
    expect(style.getPropertyValue('--mobile-offset-top')).toBe('72px');
    expect(screen.getByText('Guardado').closest('[data-type]')?.getAttribute('data-type')).toBe('success');
    // In the site's language, not sonner's English.
    expect(container.querySelector('section')?.getAttribute('aria-label')).toMatch(/^Notificaciones/);
    expect(screen.getAllByRole('button', { name: 'Cerrar notificación' })).toHaveLength(2);
  });
});
