// The receipt's total in words, legend 1000 of SUNAT's catalogue 52: "SON: CIENTO DIECIOCHO CON 50/100 SOLES".

const UP_TO_29 = [
  'CERO',
  'UNO',
  'DOS',
  'TRES',
  'CUATRO',
  'CINCO',
  'SEIS',
  'SIETE',
  'OCHO',
  'NUEVE',
  'DIEZ',
  'ONCE',
  'DOCE',
  'TRECE',
  'CATORCE',
  'QUINCE',
  'DIECISÉIS',
  'DIECISIETE',
  'DIECIOCHO',
  'DIECINUEVE',
  'VEINTE',
  'VEINTIUNO',
  'VEINTIDÓS',
  'VEINTITRÉS',
  'VEINTICUATRO',
  'VEINTICINCO',
  'VEINTISÉIS',
  'VEINTISIETE',
  'VEINTIOCHO',
  'VEINTINUEVE',
];
const TENS = ['', '', '', 'TREINTA', 'CUARENTA', 'CINCUENTA', 'SESENTA', 'SETENTA', 'OCHENTA', 'NOVENTA'];
const HUNDREDS = [
  '',
  'CIENTO',
  'DOSCIENTOS',
  'TRESCIENTOS',
  'CUATROCIENTOS',
  'QUINIENTOS',
  'SEISCIENTOS',
  'SETECIENTOS',
  'OCHOCIENTOS',
  'NOVECIENTOS',
];

/** 0–999 in words. */
function belowThousand(n: number): string {
  if (n === 100) return 'CIEN';
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const restWords =
    rest < 30
      ? rest === 0 && hundreds > 0
        ? ''
        : (UP_TO_29[rest] as string)
      : `${TENS[Math.floor(rest / 10)]}${rest % 10 === 0 ? '' : ` Y ${UP_TO_29[rest % 10]}`}`;
  return [HUNDREDS[hundreds], restWords].filter(Boolean).join(' ');
}

/** Before MIL and MILLÓN, "uno" is "un": veintiún mil, treinta y un millones. */
function beforeNoun(words: string): string {
  return words.replace(/VEINTIUNO$/, 'VEINTIÚN').replace(/UNO$/, 'UN');
}

function belowMillion(n: number): string {
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  if (thousands === 0) return belowThousand(rest);
  const thousandWords = thousands === 1 ? 'MIL' : `${beforeNoun(belowThousand(thousands))} MIL`;
  return rest === 0 ? thousandWords : `${thousandWords} ${belowThousand(rest)}`;
}

function wholeInWords(n: number): string {
  const millions = Math.floor(n / 1_000_000);
  const rest = n % 1_000_000;
  if (millions === 0) return belowMillion(rest);
  const millionWords = millions === 1 ? 'UN MILLÓN' : `${beforeNoun(belowMillion(millions))} MILLONES`;
  return rest === 0 ? millionWords : `${millionWords} ${belowMillion(rest)}`;
}

/** Cents as SUNAT's legend writes them: 11850 → "SON: CIENTO DIECIOCHO CON 50/100 SOLES". */
export function amountInWords(cents: number): string {
  const soles = Math.floor(cents / 100);
  const centimos = String(cents % 100).padStart(2, '0');
  return `SON: ${wholeInWords(soles)} CON ${centimos}/100 SOLES`;
}
