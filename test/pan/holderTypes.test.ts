import { describe, expect, it } from 'vitest';
import { HOLDER_TYPE_CODES, HOLDER_TYPES, isHolderTypeCode, isIndividual } from '../../plugins/pan/holderTypes.ts';
import { decomposePan, repairPan } from '../../plugins/pan/panNumber.ts';

/** DOMAIN.md section 2, verbatim. */
const domainTable: [string, string][] = [
  ['P', 'Individual'],
  ['C', 'Company'],
  ['H', 'Hindu Undivided Family (HUF)'],
  ['F', 'Firm / Limited Liability Partnership'],
  ['A', 'Association of Persons (AOP)'],
  ['T', 'Trust'],
  ['B', 'Body of Individuals (BOI)'],
  ['L', 'Local Authority'],
  ['J', 'Artificial Juridical Person'],
  ['G', 'Government Agency'],
  ['E', 'Limited Liability Partnership'],
  ['K', 'Krish'],
];

describe('holder types', () => {
  it('knows exactly the codes of DOMAIN.md', () => {
    expect([...HOLDER_TYPE_CODES].sort()).toEqual(domainTable.map(([code]) => code).sort());
  });

  it.each(domainTable)('%s decodes to "%s" in the PAN and its structure', (code, label) => {
    const pan = `ABC${code}D1234E`;
    expect(isHolderTypeCode(code)).toBe(true);
    expect(repairPan(pan)).toEqual({ ok: true, pan, repairs: [] });
    const structure = decomposePan(pan);
    expect(structure.holder_type_code).toBe(code);
    expect(structure.holder_type).toBe(label);
    expect(HOLDER_TYPES[code as keyof typeof HOLDER_TYPES]).toBe(label);
    expect(isIndividual(code as keyof typeof HOLDER_TYPES)).toBe(code === 'P');
  });

  it.each(['D', 'I', 'M', 'N', 'O', 'Q', 'R', 'S', 'U', 'V', 'W', 'X', 'Y', 'Z'])('%s is no holder type', (code) => {
    expect(isHolderTypeCode(code)).toBe(false);
    expect(repairPan(`ABC${code}D1234E`)).toMatchObject({ ok: false, reason: 'unknown_holder_type' });
    expect(decomposePan(`ABC${code}D1234E`)).toMatchObject({ holder_type_code: code, holder_type: null });
  });
});
