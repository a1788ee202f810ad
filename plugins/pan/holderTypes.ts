/** The PAN's 4th character and what it says about the holder: DOMAIN.md section 2's labels verbatim, its notes left out. */
export const HOLDER_TYPES = {
  P: 'Individual',
  C: 'Company',
  H: 'Hindu Undivided Family (HUF)',
  F: 'Firm / Limited Liability Partnership',
  A: 'Association of Persons (AOP)',
  T: 'Trust',
  B: 'Body of Individuals (BOI)',
  L: 'Local Authority',
  J: 'Artificial Juridical Person',
  G: 'Government Agency',
  E: 'Limited Liability Partnership',
  K: 'Krish',
} as const;

export type HolderTypeCode = keyof typeof HOLDER_TYPES;
export type HolderType = (typeof HOLDER_TYPES)[HolderTypeCode];

export const HOLDER_TYPE_CODES = Object.keys(HOLDER_TYPES) as HolderTypeCode[];

export function isHolderTypeCode(code: string): code is HolderTypeCode {
  return Object.hasOwn(HOLDER_TYPES, code);
}

/** Only individuals have a father's name and a date of birth; every other holder has a date of incorporation. */
export function isIndividual(code: HolderTypeCode): boolean {
  return code === 'P';
}
