import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import '../i18n.ts';
import { ReorderNotice } from './reorder-notice.tsx';

// Issue 30 item 2: the cart page says which lines of the earlier order were left out, and why.

describe('the reorder notice', () => {
  beforeAll(() => initI18n());
  afterEach(cleanup);

  it('names each line left out with its quantity and the reason', () => {
    render(
      <ReorderNotice
        leftOut={[
          {
            uid: 'p-lomo',
            name: 'Lomo saltado',
            quantity: 1,
            reason: 'OPTION_NOT_AVAILABLE',
            message: 'Una de las opciones elegidas no está disponible',
          },
          {
            uid: 'p-causa',
            name: 'Causa limeña',
            quantity: 2,
            reason: 'PRODUCT_OUT_OF_STOCK',
            message: 'Este producto está agotado',
          },
        ]}
      />,
    );
    const notice = screen.getByRole('status');
    expect(within(notice).getByRole('heading').textContent).toBe(
      'No pudimos agregar 2 productos de tu pedido anterior',
    );
    expect(
      within(notice)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '1 × Lomo saltado: Una de las opciones elegidas no está disponible',
      '2 × Causa limeña: Este producto está agotado',
    ]);
  });
});
