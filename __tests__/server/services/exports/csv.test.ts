// The CSV writer against a real CSV parser: any text, commas, quotes, new lines, Chinese and emoji included,
// reads back as written.
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { CSV_BOM, csvField, csvLine } from '../../../../src/server/services/exports/csv';
import { itemText } from '../../../../src/server/services/exports/items';
import { localTime } from '../../../../src/server/services/exports/moments';

describe('csv', () => {
  it('quotes only fields that need it', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(7)).toBe('7');
    expect(csvLine(['a', 'b,c'])).toBe('a,"b,c"\r\n');
  });

  it('any rows of any text parse back as written', () => {
    const text = fc.oneof(fc.string({ unit: 'grapheme' }), fc.constantFrom('你好，世界', '😀', 'a,"b"\r\nc', '', ' lead', '"'));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }).chain((width) => fc.array(fc.array(text, { minLength: width, maxLength: width }), { minLength: 1, maxLength: 5 })), (rows) => {
        const written = CSV_BOM + rows.map(csvLine).join('');
        expect(parse(written, { bom: true, relax_column_count: false })).toEqual(rows);
      }),
    );
  });
});

describe('answers and moments as written', () => {
  it('choice values joined by ;, numbers written out, text as typed', () => {
    expect(itemText(JSON.stringify(['calm', 'tense, anxious']))).toBe('calm;tense, anxious');
    expect(itemText('7.5')).toBe('7.5');
    expect(itemText(JSON.stringify('你好 😀'))).toBe('你好 😀');
  });

  it('local times follow the zone, daylight saving included, in ISO-8601 with the offset (one exact moment each)', () => {
    expect(localTime('2030-01-01T01:00:00.000Z', 'Asia/Hong_Kong')).toBe('2030-01-01T09:00:00+08:00');
    expect(localTime('2030-03-31T00:59:59.000Z', 'Europe/London')).toBe('2030-03-31T00:59:59+00:00');
    expect(localTime('2030-03-31T01:00:00.000Z', 'Europe/London')).toBe('2030-03-31T02:00:00+01:00');
    // The hour that repeats in autumn: the offset tells the two apart.
    expect(localTime('2030-10-27T00:30:00.000Z', 'Europe/London')).toBe('2030-10-27T01:30:00+01:00');
    expect(localTime('2030-10-27T01:30:00.000Z', 'Europe/London')).toBe('2030-10-27T01:30:00+00:00');
    expect(localTime('2030-06-01T12:00:00.000Z', 'Asia/Kolkata')).toBe('2030-06-01T17:30:00+05:30');
    expect(localTime('2030-06-01T12:00:00.000Z', 'America/New_York')).toBe('2030-06-01T08:00:00-04:00');
    for (const [iso, zone] of [['2030-10-27T00:30:00.000Z', 'Europe/London'], ['2030-06-01T12:00:00.000Z', 'America/St_Johns']]) {
      expect(Date.parse(localTime(iso, zone))).toBe(Date.parse(iso));
    }
    expect(localTime(null, 'Asia/Hong_Kong')).toBe('');
  });
});
