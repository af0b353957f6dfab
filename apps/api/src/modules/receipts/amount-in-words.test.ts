import { expect, it } from 'vitest';
import { amountInWords } from './amount-in-words.ts';

it('writes totals as SUNAT’s legend 1000 does', () => {
  expect(amountInWords(11850)).toBe('SON: CIENTO DIECIOCHO CON 50/100 SOLES');
  expect(amountInWords(6700)).toBe('SON: SESENTA Y SIETE CON 00/100 SOLES');
  expect(amountInWords(5)).toBe('SON: CERO CON 05/100 SOLES');
  expect(amountInWords(100)).toBe('SON: UNO CON 00/100 SOLES');
  expect(amountInWords(10000)).toBe('SON: CIEN CON 00/100 SOLES');
  expect(amountInWords(10100)).toBe('SON: CIENTO UNO CON 00/100 SOLES');
  expect(amountInWords(2216)).toBe('SON: VEINTIDÓS CON 16/100 SOLES');
  expect(amountInWords(70001)).toBe('SON: SETECIENTOS CON 01/100 SOLES');
  expect(amountInWords(100000)).toBe('SON: MIL CON 00/100 SOLES');
  expect(amountInWords(2151699)).toBe('SON: VEINTIÚN MIL QUINIENTOS DIECISÉIS CON 99/100 SOLES');
  expect(amountInWords(10100000)).toBe('SON: CIENTO UN MIL CON 00/100 SOLES');
  expect(amountInWords(100000000)).toBe('SON: UN MILLÓN CON 00/100 SOLES');
  expect(amountInWords(3100000000)).toBe('SON: TREINTA Y UN MILLONES CON 00/100 SOLES');
  expect(amountInWords(250045000)).toBe(
    'SON: DOS MILLONES QUINIENTOS MIL CUATROCIENTOS CINCUENTA CON 00/100 SOLES',
  );
});
