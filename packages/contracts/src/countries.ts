/** Country list of spec §3 for the phone selector and areas. */
export interface Country {
  code: string;
  name_es: string;
  name_en: string;
  dial_code: string;
}

export const COUNTRIES: readonly Country[] = [
  { code: 'PE', name_es: 'Perú', name_en: 'Peru', dial_code: '+51' },
  { code: 'MX', name_es: 'México', name_en: 'Mexico', dial_code: '+52' },
  { code: 'CO', name_es: 'Colombia', name_en: 'Colombia', dial_code: '+57' },
  { code: 'EC', name_es: 'Ecuador', name_en: 'Ecuador', dial_code: '+593' },
  { code: 'AR', name_es: 'Argentina', name_en: 'Argentina', dial_code: '+54' },
  { code: 'BO', name_es: 'Bolivia', name_en: 'Bolivia', dial_code: '+591' },
  { code: 'BR', name_es: 'Brasil', name_en: 'Brazil', dial_code: '+55' },
  { code: 'CL', name_es: 'Chile', name_en: 'Chile', dial_code: '+56' },
  { code: 'CR', name_es: 'Costa Rica', name_en: 'Costa Rica', dial_code: '+506' },
  { code: 'DO', name_es: 'República Dominicana', name_en: 'Dominican Republic', dial_code: '+1' },
  { code: 'ES', name_es: 'España', name_en: 'Spain', dial_code: '+34' },
  { code: 'GT', name_es: 'Guatemala', name_en: 'Guatemala', dial_code: '+502' },
  { code: 'HN', name_es: 'Honduras', name_en: 'Honduras', dial_code: '+504' },
  { code: 'NI', name_es: 'Nicaragua', name_en: 'Nicaragua', dial_code: '+505' },
  { code: 'PA', name_es: 'Panamá', name_en: 'Panama', dial_code: '+507' },
  { code: 'PY', name_es: 'Paraguay', name_en: 'Paraguay', dial_code: '+595' },
  { code: 'SV', name_es: 'El Salvador', name_en: 'El Salvador', dial_code: '+503' },
  { code: 'US', name_es: 'Estados Unidos', name_en: 'United States', dial_code: '+1' },
  { code: 'UY', name_es: 'Uruguay', name_en: 'Uruguay', dial_code: '+598' },
  { code: 'VE', name_es: 'Venezuela', name_en: 'Venezuela', dial_code: '+58' },
];

export function countryByCode(code: string): Country | undefined {
  return COUNTRIES.find((country) => country.code === code);
}
