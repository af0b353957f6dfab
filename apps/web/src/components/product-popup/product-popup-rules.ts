import type { OptionGroup, Product } from '@storefront/contracts/catalogue';

/**
 * The product popup's rules (spec §4 Product popup, §5 Products) as pure functions; the popup
 * component only wires them to the screen.
 */

/** Chosen option uids per option group uid. */
export type Selection = Record<string, string[]>;

export type PopupAction = 'add' | 'edit' | 'redeem' | 'remove';

/** Only active groups and options are offered. */
export function activeOptionGroups(product: Pick<Product, 'option_groups'>): OptionGroup[] {
  return product.option_groups
    .filter((group) => group.is_active)
    .map((group) => ({ ...group, options: group.options.filter((option) => option.is_active) }));
}

/** Checkboxes: a click adds or removes the option. Going past the maximum is allowed and disables add. */
export function toggleOption(selection: Selection, groupUid: string, optionUid: string): Selection {
  const chosen = selection[groupUid] ?? [];
  const next = chosen.includes(optionUid)
    ? chosen.filter((uid) => uid !== optionUid)
    : [...chosen, optionUid];
  return { ...selection, [groupUid]: next };
}

/** A group of at most one option is chosen with radio buttons: a choice replaces the last; null for none. */
export function chooseOption(selection: Selection, groupUid: string, optionUid: string | null): Selection {
  return { ...selection, [groupUid]: optionUid === null ? [] : [optionUid] };
}

/** "Choose one" groups (issue 28): radio buttons instead of check boxes. */
export const isSingleChoice = (group: Pick<OptionGroup, 'maximum_to_select'>) =>
  group.maximum_to_select === 1;

/** A group is satisfied with between minimum_to_select and maximum_to_select options, inclusive. */
export function groupSatisfied(group: OptionGroup, selection: Selection): boolean {
  const count = selection[group.uid]?.length ?? 0;
  return count >= group.minimum_to_select && count <= group.maximum_to_select;
}

export function optionsValid(groups: OptionGroup[], selection: Selection): boolean {
  return groups.every((group) => groupSatisfied(group, selection));
}

export type OptionProblem =
  | { kind: 'tooMany'; group: OptionGroup; extra: number }
  | { kind: 'tooFew'; group: OptionGroup; missing: number };

/** The first group outside its min..max, to say why the button is off; null when all are within. */
export function optionProblem(groups: OptionGroup[], selection: Selection): OptionProblem | null {
  for (const group of groups) {
    const count = selection[group.uid]?.length ?? 0;
    if (count > group.maximum_to_select)
      return { kind: 'tooMany', group, extra: count - group.maximum_to_select };
    if (count < group.minimum_to_select)
      return { kind: 'tooFew', group, missing: group.minimum_to_select - count };
  }
  return null;
}

/** Increase is allowed only while the quantity is below the stock (null stock: unlimited). */
export function canIncrease(quantity: number, stock: number | null): boolean {
  return stock === null || quantity < stock;
}

export function canDecrease(quantity: number): boolean {
  return quantity > 0;
}

/** Remove replaces add when an item already in the cart reaches 0; in the cart, the button edits. */
export function popupAction(state: { inCart: boolean; quantity: number; redeemable: boolean }): PopupAction {
  if (state.inCart) return state.quantity === 0 ? 'remove' : 'edit';
  return state.redeemable ? 'redeem' : 'add';
}

export interface ActionState {
  action: PopupAction;
  quantity: number;
  stock: number | null;
  loading: boolean;
  optionsValid: boolean;
  /** Coins missing to redeem (0 when enough, or not redeemable). */
  missingCoins: number;
}

/**
 * The button is disabled while loading; remove needs nothing else. Add, edit and redeem also need a
 * quantity above 0 and within stock, every group within its min..max, and enough coins to redeem.
 */
export function actionDisabled(state: ActionState): boolean {
  if (state.loading) return true;
  if (state.action === 'remove') return false;
  if (state.quantity <= 0 || !canIncrease(state.quantity - 1, state.stock)) return true;
  if (!state.optionsValid) return true;
  return state.missingCoins > 0;
}

const toCents = (price: string) => Math.round(Number(price) * 100);

/** The line's money price in cents: unit price plus the chosen options' prices, times the quantity. */
export function linePriceCents(
  groups: OptionGroup[],
  unitPrice: string,
  selection: Selection,
  quantity: number,
) {
  let unit = toCents(unitPrice);
  for (const group of groups) {
    for (const option of group.options) {
      if (selection[group.uid]?.includes(option.uid)) unit += toCents(option.price);
    }
  }
  return unit * quantity;
}
