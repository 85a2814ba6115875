import { sanitizeRichText } from '../../../../src/server/services/studies/richText';

describe('sanitizeRichText', () => {
  describe('never lets a script through', () => {
    it('drops <script> elements with their content', () => {
      const out = sanitizeRichText('<p>Hello</p><script>alert(1)</script><p>world</p>');
      expect(out).toBe('<p>Hello</p><p>world</p>');
    });

    it('drops event handler attributes', () => {
      const out = sanitizeRichText('<p onclick="alert(1)">Hi</p><img src="https://x.org/a.png" onerror="alert(2)">');
      expect(out).not.toMatch(/onclick|onerror|alert/);
      expect(out).toContain('<img src="https://x.org/a.png" />');
    });

    it.each([
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'jav&#x09;ascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    ])('drops the link %s', (href) => {
      const out = sanitizeRichText(`<p><a href="${href}">click</a></p>`);
      expect(out).not.toMatch(/javascript|vbscript|data:/i);
      expect(out).toContain('click');
    });

    it('drops style, iframe srcdoc, object, embed, svg, form and meta', () => {
      const html =
        '<style>p{color:red}</style><iframe srcdoc="<script>alert(1)</script>" src="https://www.youtube.com/embed/x"></iframe>' +
        '<object data="x.swf"></object><embed src="x.swf"><svg onload="alert(1)"><circle/></svg>' +
        '<form action="https://evil.org"><input name="q"></form><meta http-equiv="refresh" content="0;url=https://evil.org">';
      const out = sanitizeRichText(html);
      expect(out).not.toMatch(/<style|srcdoc|<object|<embed|<svg|onload|<form|<input|<meta|evil\.org/i);
      expect(out).toContain('<iframe src="https://www.youtube.com/embed/x"></iframe>');
    });

    it('allows frames over https only', () => {
      expect(sanitizeRichText('<iframe src="http://video.org/x"></iframe>')).toBe('<iframe></iframe>');
      expect(sanitizeRichText('<iframe src="//video.org/x"></iframe>')).toBe('<iframe></iframe>');
    });

    it('drops styles other than colours, and colour values that are not colours', () => {
      const out = sanitizeRichText(
        '<p style="position:fixed;top:0;color:red">a</p><span style="background-image:url(javascript:alert(1))">b</span>' +
          '<span style="color:expression(alert(1))">c</span>',
      );
      expect(out).not.toMatch(/position|background-image|expression|javascript/);
      expect(out).toContain('<p style="color:red">a</p>');
    });

    it('drops classes that are not Quill or KaTeX classes', () => {
      const out = sanitizeRichText('<p class="ql-align-center evil-overlay">x</p>');
      expect(out).toBe('<p class="ql-align-center">x</p>');
    });
  });

  describe("keeps the editor's formats", () => {
    it.each([
      ['alignment', '<p class="ql-align-center">Centred</p>'],
      ['indent', '<p class="ql-indent-2">Indented</p>'],
      ['font and size', '<p><span class="ql-font-serif ql-size-large">Big</span></p>'],
      ['headers', '<h1>One</h1><h2>Two</h2><h3>Three</h3>'],
      ['emphasis', '<p><strong>b</strong><em>i</em><u>u</u><s>s</s></p>'],
      ['script', '<p>H<sub>2</sub>O x<sup>2</sup></p>'],
      ['quote', '<blockquote>Quoted</blockquote>'],
      ['ordered list', '<ol><li data-list="ordered">One</li><li data-list="bullet">Two</li></ol>'],
      ['colours', '<p><span style="color:#e60000;background-color:rgb(255, 255, 0)">Marked</span></p>'],
      ['formula', '<p><span class="ql-formula" data-value="e=mc^2" contenteditable="false">e=mc^2</span></p>'],
      ['code block', '<div class="ql-code-block-container" spellcheck="false"><div class="ql-code-block" data-language="plain">let a = 1;</div></div>'],
      ['embedded image', '<p><img src="data:image/png;base64,iVBORw0KGgo=" alt="" /></p>'],
      ['described image', '<p><img src="data:image/png;base64,iVBORw0KGgo=" alt="A sleeping cat" /></p>'],
      ['linked image', '<p><img src="https://example.org/a.png" width="120" /></p>'],
      ['video', '<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://www.youtube.com/embed/abc"></iframe>'],
      ['mail link', '<p><a href="mailto:study@uni.edu" target="_blank" rel="noopener noreferrer">mail us</a></p>'],
    ])('%s', (_format, html) => {
      expect(sanitizeRichText(html)).toBe(html);
    });

    it('opens links in a new tab without a handle on the portal', () => {
      expect(sanitizeRichText('<a href="https://example.org" target="_self">x</a>')).toBe(
        '<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>',
      );
    });

    it('keeps the text of unknown tags', () => {
      expect(sanitizeRichText('<p><marquee>moving</marquee> text</p>')).toBe('<p>moving text</p>');
    });

    it('is stable: sanitising twice changes nothing more', () => {
      const once = sanitizeRichText('<p class="ql-align-right" onclick="x()"><a href="https://a.org">a</a><script>x</script></p>');
      expect(sanitizeRichText(once)).toBe(once);
    });

    it('leaves plain text and empty input alone', () => {
      expect(sanitizeRichText('')).toBe('');
      expect(sanitizeRichText('Plain words & more')).toBe('Plain words &amp; more');
    });
  });
});
