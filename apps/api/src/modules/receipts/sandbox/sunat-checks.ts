import { DOMParser, type Element } from '@xmldom/xmldom';

// SUNAT's arithmetic checks of a boleta, factura or credit note, restated from its validation files
// (ValidaExprRegBoleta/Factura/NC-2.0.1.xsl of the SFS) for the fake billService: each recomputes an
// amount from the others, in floating point as SUNAT's XPath does, and allows ±1 as SUNAT does. Most
// are observations (the receipt is accepted with them); 3103, a line's IGV, is an error.

export interface SunatFinding {
  code: string;
  message: string;
  /** An error rejects the document; otherwise it is an observation. */
  error: boolean;
}

const MESSAGES: Record<string, string> = {
  '3103':
    'El producto del factor y monto base de la afectación del IGV/IVAP no corresponde al monto de afectacion de linea.',
  '4287':
    'El precio unitario de la operación que está informando difiere de los cálculos realizados en base a la información remitida',
  '4288': 'El valor de venta por ítem difiere de los importes consignados.',
  '4289': 'El valor de cargo/descuento por ítem difiere de los importes consignados.',
  '4290': 'El cálculo del IGV es Incorrecto',
  '4298': 'La sumatoria del total valor de venta - operaciones gratuitas de línea no corresponden al total',
  '4299': 'La sumatoria del total valor de venta - operaciones gravadas de línea no corresponden al total',
  '4301': 'La sumatoria de impuestos globales no corresponde al monto total de impuestos.',
  '4309': 'La sumatoria de valor de venta no corresponde a los importes consignados',
  '4310': 'La sumatoria del Total del valor de venta más los impuestos no concuerda con la base imponible',
  '4311':
    'La sumatoria de los IGV de operaciones gratuitas de la línea (codigo tributo 9996) no corresponden al total',
  '4312': 'El importe total del comprobante no coincide con el valor calculado',
};

const children = (element: Element | undefined, name: string): Element[] =>
  element
    ? (Array.from(element.childNodes).filter(
        (node) => node.nodeType === 1 && (node as Element).localName === name,
      ) as Element[])
    : [];

/** The elements at a path of local names below `element`. */
const at = (element: Element | undefined, ...path: string[]): Element[] =>
  path.reduce<Element[]>(
    (found, name) => found.flatMap((parent) => children(parent, name)),
    element ? [element] : [],
  );

/** The sum of the numbers at a path (0 when there is none), as XPath's sum(). */
const sum = (elements: Element[]): number =>
  elements.reduce((total, element) => total + Number(element.textContent), 0);

const differs = (stated: number, computed: number) => stated + 1 < computed || stated - 1 > computed;
const round2 = (value: number) => Math.round(value * 100) / 100;

const schemeOf = (subtotal: Element) => at(subtotal, 'TaxCategory', 'TaxScheme', 'ID')[0]?.textContent ?? '';
const subtotals = (parent: Element, ...schemes: string[]) =>
  at(parent, 'TaxTotal', 'TaxSubtotal').filter((subtotal) => schemes.includes(schemeOf(subtotal)));
const taxableOf = (line: Element, scheme: string) =>
  sum(subtotals(line, scheme).flatMap((subtotal) => at(subtotal, 'TaxableAmount')));
const allowances = (parent: Element, ...codes: string[]) =>
  at(parent, 'AllowanceCharge').filter((charge) =>
    codes.includes(at(charge, 'AllowanceChargeReasonCode')[0]?.textContent ?? ''),
  );

export function checkAmounts(xml: string): SunatFinding[] {
  const root = new DOMParser().parseFromString(xml, 'text/xml').documentElement as Element;
  const creditNote = root.localName === 'CreditNote';
  const lines = at(root, creditNote ? 'CreditNoteLine' : 'InvoiceLine');
  const found = new Set<string>();

  for (const line of lines) {
    const quantity = sum(at(line, creditNote ? 'CreditedQuantity' : 'InvoicedQuantity'));
    const value = sum(at(line, 'LineExtensionAmount'));
    const price = (type: string) =>
      sum(
        at(line, 'PricingReference', 'AlternativeConditionPrice')
          .filter((condition) => at(condition, 'PriceTypeCode')[0]?.textContent === type)
          .flatMap((condition) => at(condition, 'PriceAmount')),
      );
    const lineAllowances = (code: string) =>
      sum(allowances(line, code).flatMap((charge) => at(charge, 'Amount')));
    const free = taxableOf(line, '9996') > 0;
    const unitValue = free ? price('02') : sum(at(line, 'Price', 'PriceAmount'));
    if (differs(value, unitValue * quantity - lineAllowances('00') + lineAllowances('47'))) found.add('4288');
    const taxes = sum(at(line, 'TaxTotal', 'TaxAmount'));
    if (
      !free &&
      differs(price('01'), (value + taxes - lineAllowances('01') + lineAllowances('48')) / quantity)
    ) {
      found.add('4287');
    }
    for (const subtotal of at(line, 'TaxTotal', 'TaxSubtotal')) {
      const affectation = Number(at(subtotal, 'TaxCategory', 'TaxExemptionReasonCode')[0]?.textContent);
      const computed =
        sum(at(subtotal, 'TaxableAmount')) * sum(at(subtotal, 'TaxCategory', 'Percent')) * 0.01;
      if (affectation >= 10 && affectation <= 17 && differs(sum(at(subtotal, 'TaxAmount')), computed)) {
        found.add('3103');
      }
    }
    for (const charge of at(line, 'AllowanceCharge')) {
      const factor = sum(at(charge, 'MultiplierFactorNumeric'));
      if (factor > 0 && differs(sum(at(charge, 'Amount')), sum(at(charge, 'BaseAmount')) * factor))
        found.add('4289');
    }
  }

  const headerAllowances = (...codes: string[]) =>
    sum(allowances(root, ...codes).flatMap((charge) => at(charge, 'Amount')));
  const header = (element: 'TaxableAmount' | 'TaxAmount', ...schemes: string[]) =>
    sum(subtotals(root, ...schemes).flatMap((subtotal) => at(subtotal, element)));
  const fromLines = (element: 'TaxableAmount' | 'TaxAmount', scheme: string) =>
    sum(lines.flatMap((line) => subtotals(line, scheme)).flatMap((subtotal) => at(subtotal, element)));
  const ratePercent = lines
    .flatMap((line) => subtotals(line, '1000'))
    .map((subtotal) => sum(at(subtotal, 'TaxCategory', 'Percent')))[0];
  const rate = (ratePercent ?? 18) / 100;
  const igvBase = fromLines('TaxableAmount', '1000') - headerAllowances('02', '04') + headerAllowances('49');
  const igv = header('TaxAmount', '1000');

  if (subtotals(root, '1000').length > 0) {
    if (differs(igv, igvBase * rate)) found.add('4290');
    const taxedValues = sum(
      lines.filter((line) => taxableOf(line, '1000') > 0).flatMap((line) => at(line, 'LineExtensionAmount')),
    );
    const taxable = header('TaxableAmount', '1000');
    if (
      taxable > 0 &&
      differs(taxable, taxedValues - headerAllowances('02', '04') + headerAllowances('49'))
    ) {
      found.add('4299');
    }
  }
  if (differs(header('TaxableAmount', '9996'), fromLines('TaxableAmount', '9996'))) found.add('4298');
  if (differs(header('TaxAmount', '9996'), fromLines('TaxAmount', '9996'))) found.add('4311');
  const taxTotal = sum(at(root, 'TaxTotal', 'TaxAmount'));
  if (differs(round2(taxTotal), round2(header('TaxAmount', '1000', '1016', '2000', '9999', '7152')))) {
    found.add('4301');
  }

  const total = (name: string) => sum(at(root, 'LegalMonetaryTotal', name));
  if (creditNote) {
    const computed =
      header('TaxableAmount', '1000', '1016', '9995', '9997', '9998') +
      header('TaxAmount', '1000', '1016', '2000', '9999', '7152') +
      total('ChargeTotalAmount') +
      total('PayableRoundingAmount');
    if (differs(total('PayableAmount'), computed)) found.add('4312');
  } else {
    const soldValues = sum(
      lines
        .filter((line) => subtotals(line, '1000', '1016', '9995', '9997', '9998').length > 0)
        .flatMap((line) => at(line, 'LineExtensionAmount')),
    );
    const lineExtension = total('LineExtensionAmount');
    if (differs(lineExtension, soldValues - headerAllowances('02') + headerAllowances('49')))
      found.add('4309');
    if (at(root, 'LegalMonetaryTotal', 'TaxInclusiveAmount').length > 0) {
      const inclusive =
        lineExtension + header('TaxAmount', '2000', '9999', '7152') + (igv > 0 ? igvBase * rate : 0);
      if (differs(round2(total('TaxInclusiveAmount')), round2(inclusive))) found.add('4310');
      const payable =
        total('TaxInclusiveAmount') +
        total('ChargeTotalAmount') -
        total('AllowanceTotalAmount') -
        total('PrepaidAmount') +
        total('PayableRoundingAmount');
      if (differs(total('PayableAmount'), payable)) found.add('4312');
    }
  }
  return [...found]
    .sort()
    .map((code) => ({ code, message: MESSAGES[code] as string, error: code === '3103' }));
}
