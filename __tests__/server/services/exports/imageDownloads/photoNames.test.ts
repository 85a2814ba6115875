// The one name of a photo answer (photo zip, photo manifest, text download): {participant_code}_{questionnaire}_
// {submitted time}.{ext}, unique, safe on any file system, the same whatever order the photos come in.
import { compactTime, safeNamePart } from '../../../../../src/shared/dataDownloads';
import { photoNames, zipFileName, type PhotoToName } from '../../../../../src/server/services/exports/imageDownloads/photoNames';

let keys = 0;
const row = (changes: Partial<PhotoToName> = {}): PhotoToName => {
  keys += 1;
  return {
    object_key: `photos/p/${String(keys).padStart(3, '0')}.jpg`,
    content_type: 'image/jpeg',
    participant_code: 'AB12CD34',
    abbrev: 'PHQ9',
    submitted_at: '2026-03-04T05:06:07.890Z',
    created_at: `2026-03-04T05:06:0${keys % 10}.000Z`,
    ...changes,
  };
};

/** The names in the order the photos were given. */
const photoEntryNames = (rows: readonly PhotoToName[]) => {
  const names = photoNames(rows);
  return rows.map((r) => names.get(r.object_key));
};

describe('photo names in the zip', () => {
  it('names each photo by participant, questionnaire and UTC time, with its type’s extension', () => {
    expect(photoEntryNames([row(), row({ content_type: 'image/png', submitted_at: '2026-12-31T23:59:59.000Z' })])).toEqual([
      'AB12CD34_PHQ9_20260304-050607.jpg',
      'AB12CD34_PHQ9_20261231-235959.png',
    ]);
  });

  it('keeps names unique, also where a file system ignores case', () => {
    expect(photoEntryNames([row(), row(), row({ abbrev: 'phq9' }), row()])).toEqual([
      'AB12CD34_PHQ9_20260304-050607.jpg',
      'AB12CD34_PHQ9_20260304-050607_2.jpg',
      'AB12CD34_phq9_20260304-050607_3.jpg',
      'AB12CD34_PHQ9_20260304-050607_4.jpg',
    ]);
  });

  it('numbers photos of one name by answer, upload and key, whatever order they come in', () => {
    const [a, b, c] = [
      row({ created_at: '2026-03-04T05:06:01.000Z', object_key: 'k/z' }),
      row({ created_at: '2026-03-04T05:06:02.000Z', object_key: 'k/a' }),
      row({ created_at: '2026-03-04T05:06:02.000Z', object_key: 'k/b' }),
    ];
    const expected = ['AB12CD34_PHQ9_20260304-050607.jpg', 'AB12CD34_PHQ9_20260304-050607_2.jpg', 'AB12CD34_PHQ9_20260304-050607_3.jpg'];
    expect(photoEntryNames([a, b, c])).toEqual(expected);
    expect(photoEntryNames([c, b, a])).toEqual([...expected].reverse());
    // An earlier answer of the same second's name comes first.
    const earlier = row({ submitted_at: '2026-03-04T05:06:07.100Z', created_at: '2026-03-04T05:06:09.000Z' });
    expect(photoEntryNames([a, earlier])).toEqual(['AB12CD34_PHQ9_20260304-050607_2.jpg', 'AB12CD34_PHQ9_20260304-050607.jpg']);
  });

  it('replaces what a file system refuses, and keeps other letters', () => {
    expect(safeNamePart('a/b\\c:d*e?f"g<h>i|j k')).toBe('a-b-c-d-e-f-g-h-i-j-k');
    expect(safeNamePart('../情緒')).toBe('情緒');
    expect(safeNamePart('\u0000\u001f')).toBe('questionnaire');
    expect(photoEntryNames([row({ abbrev: 'Mood / Day' })])).toEqual(['AB12CD34_Mood-Day_20260304-050607.jpg']);
  });

  it('names the zip by study, participant and moment', () => {
    expect(compactTime('2026-03-04T05:06:07.890Z')).toBe('20260304-050607');
    expect(zipFileName('STUDY1', 'AB12CD34', new Date('2026-03-04T05:06:07Z'))).toBe('STUDY1_AB12CD34_images_20260304-050607.zip');
  });
});
