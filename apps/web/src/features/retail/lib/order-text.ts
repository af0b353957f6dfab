import type { Order } from '@storefront/contracts/orders';

type Line = Order['products'][number];

/** The options chosen on a line, as the kitchen reads them: "Bien cocido, Porción de arroz". */
export const optionsOf = (line: Line) =>
  line.option_groups.flatMap((group) => group.options.map((option) => option.name)).join(', ');

/** A stable key for a line: the same product can appear twice with different options. */
export const lineKey = (line: Line, index: number) => `${index}-${line.uid}`;
