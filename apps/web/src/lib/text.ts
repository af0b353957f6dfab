/** Names are reduced to their first word before they are sent (spec §5 Register, §9). */
export const firstWord = (value: string) => value.trim().split(/\s+/)[0] ?? '';
