// Names inside the photo zip: {participant_code}_{questionnaire}_{submitted time}.{ext}, unique, safe on any
// file system.
import { compactTime, safeNamePart } from '../../../../src/shared/dataDownloads';
import { photoEntryNames, zipFileName } from '../../../../src/server/services/imageDownloads/photoNames';
import type { PhotoAnswerRow } from '../../../../src/server/repositories/imageDownloads';

const row = (changes: Partial<PhotoAnswerRow> = {}): PhotoAnswerRow => ({
  object_key: 'photos/p/1.jpg',
  content_type: 'image/jpeg',
  participant_code: 'AB12CD34',
  abbrev: 'PHQ9',
  submitted_at: '2026-03-04T05:06:07.890Z',
  ...changes,
});

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
