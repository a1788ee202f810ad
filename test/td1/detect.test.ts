/** The TD1 plugin's detect verdict (plugins/td1/detect.ts) on recorded looks at pages, and which plugins it names. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config.ts';
import { idCardVerdict } from '../../plugins/td1/detect.ts';
import { createProductionRegistry, shippedPluginSources } from '../../server/productionRegistry.ts';
import { deskLines, idCardLines, looked, newPanCardLines, panCardLines, specimenPassportLines, visaLines } from '../support/recordedLooks.ts';

describe('idCardVerdict', () => {
  it('is sure of a generated ID card by its MRZ lines and title, fillers misread as K and L', () => {
    expect(idCardVerdict(looked(...idCardLines))).toEqual({ confidence: 0.95, evidence: 'mrz lines and title' });
  });
  it('is sure by the MRZ lines alone, and fairly sure by the title alone', () => {
    expect(idCardVerdict(looked(...idCardLines.filter((line) => !/IDENTITY/.test(line)))).confidence).toBe(0.85);
    expect(idCardVerdict(looked('REPUBLIK ÖSTERREICH', 'PERSONALAUSWEIS', 'Name')).confidence).toBe(0.55);
  });
  it('reads ICAO\'s specimen, spaced out as OCR gives it', () => {
    expect(idCardVerdict(looked('I<UTO D23145890 7 <<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<')).confidence).toBe(0.85);
  });
  it.each([
    ['a passport', specimenPassportLines],
    ['a visa', visaLines],
    ['an old PAN card', panCardLines],
    ['a new PAN card', newPanCardLines],
    ['a desk', deskLines],
  ])('stays under the host\'s threshold for %s', (_name, lines) => {
    expect(idCardVerdict(looked(...lines)).confidence).toBeLessThan(0.5);
  });
});

describe('DOCEX_PLUGINS', () => {
  it('defaults to the two shipped plugins, and names td1 to run the id-card endpoint', async () => {
    expect(loadConfig({}).DOCEX_PLUGINS).toEqual(['passport', 'pan']);
    const names = loadConfig({ DOCEX_PLUGINS: 'passport, pan,td1' }).DOCEX_PLUGINS;
    expect((await createProductionRegistry(names)).get('id-card')?.meta.name).toBe('td1');
    expect([...shippedPluginSources(names).keys()]).toEqual(['passport', 'pan', 'td1']);
  });
  it('stops the server on a list that is empty, names a plugin twice, or names none it knows', async () => {
    expect(() => loadConfig({ DOCEX_PLUGINS: ' , ' })).toThrow(/DOCEX_PLUGINS/);
    expect(() => loadConfig({ DOCEX_PLUGINS: 'pan,pan' })).toThrow(/twice/);
    await expect(createProductionRegistry(['passport', 'licence'])).rejects.toThrow(/no plugin licence/);
  });
});
