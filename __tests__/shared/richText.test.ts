import { richTextMessages } from '../../src/shared/messages';
import { imageDraftProblem } from '../../src/shared/richText';

describe('imageDraftProblem (the Insert Image dialog)', () => {
  it('needs a file first', () => {
    expect(imageDraftProblem({ fileType: null, alt: 'A cat', decorative: false })).toBe(richTextMessages.imageFileRequired);
  });

  it.each(['image/svg+xml', 'image/webp', 'text/html', ''])('refuses a %j file', (fileType) => {
    expect(imageDraftProblem({ fileType, alt: 'A cat', decorative: false })).toBe(richTextMessages.imageFileType);
  });

  it('needs alt text unless the image is decorative', () => {
    expect(imageDraftProblem({ fileType: 'image/png', alt: '   ', decorative: false })).toBe(richTextMessages.imageAltRequired);
    expect(imageDraftProblem({ fileType: 'image/png', alt: '', decorative: true })).toBeNull();
  });

  it.each(['image/png', 'image/jpeg', 'image/gif'])('takes a described %s', (fileType) => {
    expect(imageDraftProblem({ fileType, alt: 'A cat asleep on a sofa', decorative: false })).toBeNull();
  });
});
