import { describe, expect, it } from 'vitest';
import { classifyLastPageLabel, lastPageValueBoxes, readLastPageFields } from '../../plugins/passport/lastPage/lastPageFields.ts';
import { page } from './ocrPage.ts';

describe('readLastPageFields', () => {
  const ocr = page([
    'Name of Father / Legal Guardian',
    'an _ NARAYANAN PILLAI',
    'Name of Mother',
    'LAKSHM| PILLAI',
    'Address',
    '107IC, PARK AVENUE',
    'MUMBAI 400069',
    'Fie No.',
    'HY24274247324',
  ]);
  const fields = readLastPageFields(ocr);
  it('skips Hindi-label noise for a name and reads a bar against letters as I', () => {
    expect(fields.father_name).toBe('NARAYANAN PILLAI');
    expect(fields.mother_name).toBe('LAKSHMI PILLAI');
  });
  it('reads the slash of a house number misread as I', () => {
    expect(fields.address).toBe('107/C, PARK AVENUE, MUMBAI 400069');
  });
  it('reads a bracket against letters as I and drops a hyphen left at a name\'s end', () => {
    const read = readLastPageFields(page(['Name of Father / Legal Guardian', 'PRANAV DESHPANDE-KULKARN]', 'Name of Mother', 'SHREYA REDDY-KULKARNI -']));
    expect(read.father_name).toBe('PRANAV DESHPANDE-KULKARNI');
    expect(read.mother_name).toBe('SHREYA REDDY-KULKARNI');
  });
  it('finds the file number under a misread label', () => {
    expect(fields.file_number).toBe('HY24274247324');
  });
});

describe('readLastPageFields on labels blur and glare cut short', () => {
  const ocr = page([
    'frq sifSrurads Am / Name of Fathe',
    'AARAV PATEL',
    'HT HAH _ Name of Mother',
    'MEENAKSHI PATEL',
    'oft on uh Fn Am _ Name ¢ pe',
    'SAROJINI PATEL',
    'Ta / Addre:',
    '25/A, SECTOR 15',
  ]);
  it('knows a label by its stem, and finds the value under a label whose Hindi half was read as noise', () => {
    const fields = readLastPageFields(ocr);
    expect(fields.father_name).toBe('AARAV PATEL');
    expect(fields.mother_name).toBe('MEENAKSHI PATEL');
    expect(fields.address).toBe('25/A, SECTOR 15');
  });
  it('takes a `Name …` row no stem names for the one name label missing between those found', () => {
    expect(readLastPageFields(ocr).spouse_name).toBe('SAROJINI PATEL');
    // Two such rows, both missing there, are the two in order; two rows for one missing label are neither.
    const both = page(['Name of Father', 'AARAV PATEL', 'Name ¢ pe', 'MEENAKSHI PATEL', 'Name ¢ pe', 'SAROJINI PATEL', 'Address']);
    expect(readLastPageFields(both)).toMatchObject({ mother_name: 'MEENAKSHI PATEL', spouse_name: 'SAROJINI PATEL' });
    const twice = page(['Name of Father', 'AARAV PATEL', 'Name of Mother', 'MEENAKSHI PATEL', 'Name ¢ pe', 'SAROJINI PATEL', 'Name ¢ pe', 'RADHA PATEL', 'Address']);
    expect(readLastPageFields(twice).spouse_name).toBeNull();
  });
});

describe('classifyLastPageLabel', () => {
  it('knows the old passport number\'s label however badly its words were read', () => {
    for (const text of ['Old Passport No. with Date and Place of Issue', 'Ol Passport NO. with Dace ant Place of 1ssie', 'Old Pasport No. with Date and Place']) {
      expect(classifyLastPageLabel(text), text).toBe('old_passport_number');
    }
    expect(classifyLastPageLabel('Name of Father / Legal Guardian')).toBe('father_name');
    expect(classifyLastPageLabel('File No.')).toBe('file_number');
  });
});

describe('readLastPageFields with sharper re-readings of the value rows', () => {
  const ocr = page([
    'Name of Father / Legal Guardian',
    'ARJUN FERNANDES',
    'Name of Spouse',
    'GURLEEN PA',
    'Address',
    '12, MG ROAD',
    'Name of Mother',
    'Old Passport No. with Date and Place of Issue _ _ File No.',
    'K6268345 _ _ _ LK1825463942I',
  ]);
  it('takes the re-reading where the sparse pass cut the value short or misread it', () => {
    const fields = readLastPageFields(ocr, { spouse_name: ['GURLEEN PATEL'], file_number: ['LK18254639421 E5'] });
    expect(fields.spouse_name).toBe('GURLEEN PATEL');
    expect(fields.file_number).toBe('LK18254639421');
  });
  it('keeps the sparse reading when the re-reading only adds a letter of texture at the end', () => {
    expect(readLastPageFields(ocr, { father_name: ['ARJUN FERNANDES E'] }).father_name).toBe('ARJUN FERNANDES');
  });
  it('keeps the sparse reading when the re-reading lost its last word', () => {
    expect(readLastPageFields(ocr, { father_name: ['ARJUN'] }).father_name).toBe('ARJUN FERNANDES');
    // What the sparse pass has beyond it must be name words, not texture.
    const textured = page(['Name of Father / Legal Guardian', 'ARJUN FERNANDES ke']);
    expect(readLastPageFields(textured, { father_name: ['ARJUN FERNANDES'] }).father_name).toBe('ARJUN FERNANDES');
  });
  it('keeps the sparse reading when the re-reading lost its first word', () => {
    // A short first word read with low confidence is dropped with the texture at the line's start.
    expect(readLastPageFields(ocr, { father_name: ['FERNANDES'] }).father_name).toBe('ARJUN FERNANDES');
    const textured = page(['Name of Father / Legal Guardian', 'ke ARJUN FERNANDES']);
    expect(readLastPageFields(textured, { father_name: ['ARJUN FERNANDES'] }).father_name).toBe('ARJUN FERNANDES');
  });
  it('takes an old passport number\'s letter from one reading and its digits from another', () => {
    const misread = page(['Old Passport No. with Date and Place of Issue _ _ File No.', 'Ja989252 27/06/2012 BENGALURU']);
    expect(readLastPageFields(misread, { old_passport_number: ['14989252 27/06/2012 BENGALURG'] }).old_passport_number).toBe('J4989252');
    // Two different numbers are not stitched together.
    expect(readLastPageFields(misread, { old_passport_number: ['17123456 27/06/2012'] }).old_passport_number).toBeNull();
  });
  it('keeps the sparse reading when the re-reading holds no name', () => {
    expect(readLastPageFields(ocr, { father_name: ['an 7A'] }).father_name).toBe('ARJUN FERNANDES');
  });
  it('gives one box per one-row value with room under its label, none for the address, side-by-side boxes apart', () => {
    const boxes = lastPageValueBoxes(ocr, { width: 1400, height: 600 });
    // The mother's label has the next label right under it: no value row to read.
    expect(boxes.map((b) => b.field).sort()).toEqual(['father_name', 'file_number', 'old_passport_number', 'spouse_name']);
    const old = boxes.find((b) => b.field === 'old_passport_number')!.box;
    const file = boxes.find((b) => b.field === 'file_number')!.box;
    expect(old.x1).toBeLessThanOrEqual(file.x0);
    const spouse = boxes.find((b) => b.field === 'spouse_name')!.box;
    // The row the sparse pass saw under the label, padded: it holds that row and not the next label.
    expect(spouse.y0).toBeLessThan(160);
    expect(spouse.y1).toBeGreaterThan(184);
    expect(spouse.y1).toBeLessThan(200);
  });
});
