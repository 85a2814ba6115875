import { fileNameFromDisposition, OBJECT_URL_LIFETIME_MS, saveFile } from '../../../../src/client/features/downloads/saveFile';
import { captureSaves } from './support';

describe('fileNameFromDisposition', () => {
  it('reads a quoted, a bare and an encoded name, the encoded one first', () => {
    expect(fileNameFromDisposition('attachment; filename="ABC_text_responses.zip"')).toBe('ABC_text_responses.zip');
    expect(fileNameFromDisposition('attachment; filename=times.xlsx')).toBe('times.xlsx');
    expect(fileNameFromDisposition(`attachment; filename="fallback.zip"; filename*=UTF-8''%E7%A0%94%E7%A9%B6_text.zip`)).toBe('研究_text.zip');
    expect(fileNameFromDisposition('attachment; FILENAME="a \\"b\\".zip"')).toBe('a _b_.zip');
  });

  it('answers null when no usable name is given', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition('attachment; filename=""')).toBeNull();
    // An encoding it cannot read falls back to the plain name.
    expect(fileNameFromDisposition(`attachment; filename*=ISO-8859-1''x.zip; filename="plain.zip"`)).toBe('plain.zip');
  });

  it('never lets a name climb out of the downloads folder', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('.._.._etc_passwd');
  });
});

describe('saveFile', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('saves the blob under its name through a temporary link, and releases the URL afterwards', () => {
    const capture = captureSaves();
    try {
      const blob = new Blob(['zip'], { type: 'application/zip' });
      saveFile(blob, 'data.zip');
      expect(capture.saves).toEqual([{ fileName: 'data.zip', blob, url: 'blob:download-1' }]);
      expect(document.querySelector('a[download]')).toBeNull();
      expect(capture.revoked).toEqual([]);
      jest.advanceTimersByTime(OBJECT_URL_LIFETIME_MS);
      expect(capture.revoked).toEqual(['blob:download-1']);
    } finally {
      capture.restore();
    }
  });
});
