/** The PAN plugin's detect verdict (plugins/pan/detect.ts) on recorded looks at pages. */
import { describe, expect, it } from 'vitest';
import { panCardVerdict } from '../../plugins/pan/detect.ts';
import { deskLines, idCardLines, looked, newPanCardLines, panCardLines, specimenPassportLines, visaLines } from '../support/recordedLooks.ts';

describe('panCardVerdict', () => {
  it('is sure of a PAN card by its header, label and number', () => {
    expect(panCardVerdict(looked(...panCardLines))).toEqual({ confidence: 0.95, evidence: 'card words and number' });
  });
  it('is sure by the card\'s words when its number was misread', () => {
    expect(panCardVerdict(looked(...newPanCardLines))).toEqual({ confidence: 0.85, evidence: 'card words' });
  });
  it('is sure by one card word and the number when the header was missed', () => {
    expect(panCardVerdict(looked('Permanent Account Number Card', 'ABCPK1234F')).confidence).toBeGreaterThanOrEqual(0.8);
  });
  it('takes an e-PAN\'s text layer, one run a line', () => {
    expect(panCardVerdict(looked('INCOME TAX DEPARTMENT', 'GOVT. OF INDIA', 'Permanent Account Number', 'ABCPK1234F')).confidence).toBe(0.95);
  });
  it('is not sure by what letters and statements print too: one header phrase, with a PAN or without', () => {
    const statement = ['STATEMENT OF ACCOUNT', 'Account Number 001234567890', 'Income tax deducted at source', 'PAN ABCPK1234F'];
    expect(panCardVerdict(looked(...statement)).confidence).toBeLessThan(0.5);
    expect(panCardVerdict(looked('Government of India', 'Ministry of Finance', 'Account Number 0012')).confidence).toBeLessThan(0.5);
  });
  it('is fairly sure by the header alone, surer with the number', () => {
    expect(panCardVerdict(looked('INCOME TAX DEPARTMENT', 'GOVT. OF INDIA', 'AARAV VERMA')).confidence).toBeGreaterThanOrEqual(0.5);
    expect(panCardVerdict(looked('INCOME TAX DEPARTMENT', 'GOVT. OF INDIA', 'ABCPK1234F')).confidence).toBeGreaterThan(0.8);
  });
  it('is not sure by a PAN-shaped number alone', () => {
    expect(panCardVerdict(looked('ISSUING STATE', 'ABCPK1234F')).confidence).toBeLessThan(0.5);
  });
  it.each([
    ['a passport page', specimenPassportLines],
    ['an ID card', idCardLines],
    ['a visa', visaLines],
    ['a desk', deskLines],
  ])('says no to %s', (_name, lines) => {
    expect(panCardVerdict(looked(...lines))).toEqual({ confidence: 0 });
  });
});
