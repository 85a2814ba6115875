// The build bundles only the Bootstrap CSS the portal uses (scripts/lib/bootstrap-subset.cjs). These tests keep
// that safe: no page uses a part the build leaves out, and the subset keeps what pages need.
import fs from 'node:fs';
import path from 'node:path';
import bootstrapSubset from '../../../scripts/lib/bootstrap-subset.cjs';

const { LEFT_OUT, leftOutPart, namesIn, subset } = bootstrapSubset;

const sourceDir = path.resolve(__dirname, '../../../src/client');
const bootstrapCss = fs.readFileSync(path.join(path.dirname(require.resolve('bootstrap/package.json')), 'dist/css/bootstrap.min.css'), 'utf8');

function sourceFiles(): { file: string; text: string }[] {
  return fs
    .readdirSync(sourceDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => ({ file: f, text: fs.readFileSync(path.join(sourceDir, f), 'utf8') }));
}

/** react-bootstrap components and props that render a left-out part. */
const RENDERS_LEFT_OUT: [RegExp, string][] = [
  [/react-bootstrap\/(Accordion\w*)'/, 'accordion'],
  [/react-bootstrap\/(Breadcrumb\w*)'/, 'breadcrumb'],
  [/react-bootstrap\/(Carousel\w*)'/, 'carousel'],
  [/react-bootstrap\/(Offcanvas\w*|NavbarOffcanvas)'|Navbar\.Offcanvas/, 'offcanvas'],
  [/react-bootstrap\/(Popover\w*|OverlayTrigger|Overlay)'/, 'popovers'],
  [/react-bootstrap\/(Tooltip)'/, 'tooltips'],
  [/react-bootstrap\/(Placeholder\w*)'/, 'placeholders'],
  [/react-bootstrap\/(Ratio)'/, 'ratio'],
  [/react-bootstrap\/(Figure\w*)'/, 'figures'],
  [/react-bootstrap\/(ButtonGroup|ButtonToolbar|ToggleButtonGroup)'/, 'button groups'],
  [/react-bootstrap\/(InputGroup\w*)'/, 'input groups'],
  [/react-bootstrap\/(FloatingLabel|FormFloating)'|Form\.Floating|<FloatingLabel/, 'floating labels'],
  [/\bdrop="(up|end|start|up-centered|down-centered)"/, 'dropdown directions'],
  [/animation="grow"/, 'growing spinner'],
  [/react-bootstrap\/(Tabs|Tab|TabContainer)'|variant="(tabs|pills|underline)"/, 'nav tabs, pills and underline'],
  [/react-bootstrap\/Stack'/, 'stacks'],
  [/<ListGroup[^>]*\bhorizontal\b/, 'horizontal list groups'],
  [/react-bootstrap\/(CardGroup|CardImg\w*)'|Card\.Img/, 'card groups and images'],
  [/react-bootstrap\/(ToggleButton)'/, 'toggle buttons'],
  [/<Modal[^>]*\bfullscreen\b/, 'full-screen modals'],
];

describe('the Bootstrap parts the build leaves out', () => {
  it('are named in one list that the test below knows every entry of', () => {
    expect(Object.keys(LEFT_OUT).sort()).toEqual(
      [...new Set([...RENDERS_LEFT_OUT.map(([, part]) => part), 'link helpers', 'vertical rule', 'display headings'])].sort(),
    );
  });

  it('are used by no page: a page that starts using one takes it off LEFT_OUT', () => {
    const uses: string[] = [];
    for (const { file, text } of sourceFiles()) {
      for (const [pattern, part] of RENDERS_LEFT_OUT) if (pattern.test(text)) uses.push(`${file}: ${part}`);
      // Class names written in string literals (className="…", `…`, '…').
      for (const [, literal] of text.matchAll(/["'`]([^"'`\n]*)["'`]/g)) {
        for (const word of literal.split(/[\s${}]+/)) {
          const part = /^[a-z][a-z0-9-]*$/.test(word) ? leftOutPart(word) : null;
          if (part) uses.push(`${file}: ${word} (${part})`);
        }
      }
    }
    expect(uses).toEqual([]);
  });
});

describe('the Bootstrap subset', () => {
  const kept = subset(bootstrapCss, new Set(['d-flex', 'text-sm-end', 'primary', 'secondary', 'danger']));

  it('keeps the components and variants react-bootstrap builds from props', () => {
    for (const selector of ['.col-xl-6', '.row-cols-xxl-3', '.btn-primary', '.btn-outline-secondary', '.alert-danger', '.modal-xl', '.modal-lg', '.navbar-expand-lg', '.table-striped', '.spinner-border-sm', '.bg-secondary', '.text-body-secondary', '.rounded-pill', '.gap-3', '.order-last', '.position-fixed']) {
      expect([selector, kept.includes(`${selector}{`) || kept.includes(`${selector},`) || kept.includes(`${selector}>`) || kept.includes(`${selector}:`)]).toEqual([selector, true]);
    }
  });

  it('drops the theme colours the source never names, and the colours of list-group items and table rows', () => {
    for (const selector of ['.btn-warning', '.btn-outline-info', '.alert-success', '.text-bg-dark', '.list-group-item-primary', '.table-danger']) {
      expect([selector, new RegExp(`\\${selector}[^-\\w]`).test(kept)]).toEqual([selector, false]);
    }
    const withWarning = subset(bootstrapCss, new Set(['warning']));
    expect(withWarning).toContain('.btn-warning{');
  });

  it('keeps the utilities the source names and drops the others', () => {
    expect(kept).toContain('.d-flex{');
    expect(kept).toContain('.text-sm-end{');
    expect(kept).not.toContain('.d-inline-grid{');
    expect(kept).not.toContain('.d-xxl-none{');
    expect(kept).not.toContain('.user-select-all{');
  });

  it('drops the left-out parts, but not a rule that only excludes one with :not()', () => {
    const required = kept.replace(/:not\([^)]*\)/g, '');
    for (const selector of ['.accordion', '.carousel', '.offcanvas', '.tooltip', '.input-group', '.btn-check', '.link-primary']) {
      expect([selector, new RegExp(`\\${selector}[^-\\w]`).test(required)]).toEqual([selector, false]);
    }
    expect(kept).toContain(':not(.btn-check)+.btn:active');
  });

  it('is much smaller than Bootstrap, and the portal source keeps its own classes', () => {
    const portal = subset(bootstrapCss, namesIn(sourceDir));
    // The first load's weight budget is the real limit (bench weight); this only shows most of Bootstrap stays out.
    expect(portal.length).toBeLessThan(bootstrapCss.length * 0.6);
    expect(portal).toContain('.card-body{');
    expect(portal).toContain('.page-link{');
    expect(portal).toContain('.visually-hidden');
  });
});
