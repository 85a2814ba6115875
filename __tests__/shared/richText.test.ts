import { richTextMessages } from '../../src/shared/messages';
import { imageDraftProblem, plainText } from '../../src/shared/richText';

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

describe('plainText (labels and the codebook)', () => {
  it('drops tags, decodes named and numeric entities, folds white space', () => {
    expect(plainText('<p>How do you <strong>feel</strong>?</p><p>&amp; why&#39;s that &lt;3&nbsp;&#x1F600;</p>')).toBe("How do you feel ? & why's that <3 😀");
    expect(plainText('<h1>你好</h1>\n<ol><li data-list="bullet">一</li></ol>')).toBe('你好 一');
    expect(plainText('&unknown; &#0;')).toBe('&unknown; &#0;');
  });
});
