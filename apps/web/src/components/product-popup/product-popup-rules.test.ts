// @vitest-environment node
import type { OptionGroup } from '@storefront/contracts/catalogue';
import { describe, expect, it } from 'vitest';
import { missingCoins } from './missing-coins.ts';
import {
  type ActionState,
  actionDisabled,
  activeOptionGroups,
  canDecrease,
  canIncrease,
  chooseOption,
  groupSatisfied,
  isSingleChoice,
  linePriceCents,
  optionsValid,
  popupAction,
  toggleOption,
} from './product-popup-rules.ts';

const option = (uid: string, price = '0.00', is_active = true) => ({
  uid,
  name: uid,
  description: '',
  price,
  is_active,
});

const salsas: OptionGroup = {
  uid: 'salsas',
  name: 'Salsas',
  description: '',
  minimum_to_select: 1,
  maximum_to_select: 2,
  is_active: true,
  options: [option('mayo'), option('aji'), option('ocopa', '1.00')],
};
const extras: OptionGroup = { ...salsas, uid: 'extras', minimum_to_select: 0, maximum_to_select: 1 };

const ready: ActionState = {
  action: 'add',
  quantity: 1,
  stock: null,
  loading: false,
  optionsValid: true,
  missingCoins: 0,
};

describe('option groups (min..max)', () => {
  it('keeps only active groups and options', () => {
    const groups = activeOptionGroups({
      option_groups: [
        { ...salsas, options: [option('mayo'), option('old', '0.00', false)] },
        { ...extras, is_active: false },
      ],
    });
    expect(groups.map((group) => group.uid)).toEqual(['salsas']);
    expect(groups[0]?.options.map((item) => item.uid)).toEqual(['mayo']);
  });

  it('toggles checkboxes on and off', () => {
    const one = toggleOption({}, 'salsas', 'mayo');
    expect(one).toEqual({ salsas: ['mayo'] });
    expect(toggleOption(one, 'salsas', 'aji')).toEqual({ salsas: ['mayo', 'aji'] });
    expect(toggleOption(one, 'salsas', 'mayo')).toEqual({ salsas: [] });
  });

  it('chooses one option of a group of at most one, or none', () => {
    expect(isSingleChoice({ maximum_to_select: 1 })).toBe(true);
    expect(isSingleChoice({ maximum_to_select: 2 })).toBe(false);
    const one = chooseOption({ extras: ['huevo'] }, 'termino', 'jugoso');
    expect(one).toEqual({ extras: ['huevo'], termino: ['jugoso'] });
    expect(chooseOption(one, 'termino', 'a-punto')).toEqual({ extras: ['huevo'], termino: ['a-punto'] });
    expect(chooseOption(one, 'termino', null)).toEqual({ extras: ['huevo'], termino: [] });
  });

  it('is satisfied only between minimum and maximum inclusive', () => {
    expect(groupSatisfied(salsas, {})).toBe(false);
    expect(groupSatisfied(salsas, { salsas: ['mayo'] })).toBe(true);
    expect(groupSatisfied(salsas, { salsas: ['mayo', 'aji'] })).toBe(true);
    expect(groupSatisfied(salsas, { salsas: ['mayo', 'aji', 'ocopa'] })).toBe(false);
    expect(groupSatisfied(extras, {})).toBe(true);
  });

  it('needs every group satisfied, and disables the button otherwise', () => {
    expect(optionsValid([salsas, extras], { salsas: ['mayo'] })).toBe(true);
    expect(optionsValid([salsas, extras], { salsas: ['mayo'], extras: ['mayo', 'aji'] })).toBe(false);
    expect(optionsValid([salsas, extras], {})).toBe(false);
    expect(actionDisabled({ ...ready, optionsValid: false })).toBe(true);
    expect(actionDisabled({ ...ready, action: 'edit', optionsValid: false })).toBe(true);
  });
});

describe('quantity and stock', () => {
  it('rises only while below the stock, unlimited without stock', () => {
    expect(canIncrease(1, 3)).toBe(true);
    expect(canIncrease(3, 3)).toBe(false);
    expect(canIncrease(1, 0)).toBe(false);
    expect(canIncrease(500, null)).toBe(true);
    expect(canDecrease(1)).toBe(true);
    expect(canDecrease(0)).toBe(false);
  });

  it('disables add for a product out of stock or a quantity above the stock', () => {
    expect(actionDisabled({ ...ready, stock: 0 })).toBe(true);
    expect(actionDisabled({ ...ready, stock: 3, quantity: 3 })).toBe(false);
    expect(actionDisabled({ ...ready, stock: 3, quantity: 4 })).toBe(true);
  });
});

describe('the action button', () => {
  it('reads add, redeem, edit, and remove when an item in the cart reaches 0', () => {
    expect(popupAction({ inCart: false, quantity: 1, redeemable: false })).toBe('add');
    expect(popupAction({ inCart: false, quantity: 1, redeemable: true })).toBe('redeem');
    expect(popupAction({ inCart: true, quantity: 2, redeemable: false })).toBe('edit');
    expect(popupAction({ inCart: true, quantity: 0, redeemable: true })).toBe('remove');
    expect(popupAction({ inCart: false, quantity: 0, redeemable: false })).toBe('add');
  });

  it('is disabled at quantity 0 unless it removes', () => {
    expect(actionDisabled({ ...ready, quantity: 0 })).toBe(true);
    expect(actionDisabled({ ...ready, action: 'remove', quantity: 0, optionsValid: false })).toBe(false);
  });

  it('is disabled while loading, whatever the action', () => {
    expect(actionDisabled({ ...ready, loading: true })).toBe(true);
    expect(actionDisabled({ ...ready, action: 'remove', quantity: 0, loading: true })).toBe(true);
    expect(actionDisabled(ready)).toBe(false);
  });

  it('needs enough coins to redeem', () => {
    expect(missingCoins(300, 120)).toBe(180);
    expect(missingCoins(150, 500)).toBe(0);
    expect(missingCoins(150, undefined)).toBe(0);
    expect(missingCoins(null, 0)).toBe(0);
    expect(actionDisabled({ ...ready, action: 'redeem', missingCoins: 180 })).toBe(true);
  });
});

it('prices a line with its chosen options, in cents', () => {
  expect(linePriceCents([salsas], '22.00', { salsas: ['mayo', 'ocopa'] }, 2)).toBe(4600);
  expect(linePriceCents([], '0.10', {}, 3)).toBe(30);
});
