// Only the Bootstrap CSS the portal uses (Sass is not part of the build, so Bootstrap cannot be compiled from its
// parts): a webpack loader for bootstrap.min.css that removes
//   1. the parts listed in LEFT_OUT (components no page uses; __tests__/client/bootstrapParts.test.ts fails
//      when a page starts using one: take it off the list then),
//   2. the colour variants of list-group items and table rows (no page colours those), and every class of a
//      theme colour no file of src/client names as a word (warning, today),
//   3. utility classes (those of bootstrap-utilities.css, with their sm…xxl variants) that no file of src/client
//      names, except colours and the few others react-bootstrap builds from props (bg="…", variant="…").
// Grid and component classes stay with all their variants, since react-bootstrap makes most of those from props
// (xl={6}, size="lg"). A rule stays when one of its selectors keeps every class it names (what :not() names is
// not required).
const fs = require('node:fs');
const path = require('node:path');
const postcss = require('postcss');

/** Bootstrap parts the portal leaves out, each with the class names (and their "-…" forms) it consists of. */
const LEFT_OUT = {
  accordion: ['accordion'],
  breadcrumb: ['breadcrumb'],
  carousel: ['carousel'],
  offcanvas: ['offcanvas', 'offcanvas-sm', 'offcanvas-md', 'offcanvas-lg', 'offcanvas-xl', 'offcanvas-xxl'],
  popovers: ['popover', 'bs-popover-auto', 'bs-popover-top', 'bs-popover-end', 'bs-popover-bottom', 'bs-popover-start'],
  tooltips: ['tooltip', 'bs-tooltip-auto', 'bs-tooltip-top', 'bs-tooltip-end', 'bs-tooltip-bottom', 'bs-tooltip-start'],
  placeholders: ['placeholder'],
  ratio: ['ratio'],
  figures: ['figure'],
  'button groups': ['btn-group', 'btn-group-vertical', 'btn-toolbar'],
  'input groups': ['input-group'],
  'floating labels': ['form-floating'],
  'dropdown directions': ['dropup', 'dropend', 'dropstart', 'dropup-center', 'dropdown-center'],
  'growing spinner': ['spinner-grow'],
  'nav tabs, pills and underline': ['nav-tabs', 'nav-pills', 'nav-underline'],
  'link helpers': [
    ...['primary', 'secondary', 'success', 'info', 'warning', 'danger', 'light', 'dark', 'body-emphasis'].map((c) => `link-${c}`),
    'link-opacity',
    'link-offset',
    'link-underline',
    'icon-link',
    'stretched-link',
    'focus-ring',
  ],
  stacks: ['hstack', 'vstack'],
  'vertical rule': ['vr'],
  'horizontal list groups': ['list-group-horizontal'],
  'card groups and images': ['card-group', 'card-img'],
  'toggle buttons': ['btn-check'],
  'display headings': ['display-1', 'display-2', 'display-3', 'display-4', 'display-5', 'display-6'],
  'full-screen modals': ['modal-fullscreen'],
};

/**
 * Utilities react-bootstrap builds from props rather than class names written in the source: colours (bg, text,
 * border, variant), Badge's pill, Navbar's sticky and fixed, ToastContainer's position, Col's order, Stack's gap.
 * Their per-breakpoint forms (order-md-2 from md={{ order: 2 }}) stay only when the source names them.
 */
const UTILITIES_FROM_PROPS = new RegExp(
  [
    '(?:bg|text|text-bg|border|link)-(?:primary|secondary|success|info|warning|danger|light|dark|body|white|black|muted|transparent|reset)(?:-[a-z]+)?',
    'rounded-pill',
    `(?:sticky|fixed)-(?:top|bottom)`,
    'position-[a-z]+',
    `(?:order|gap|row-gap|column-gap)-(?:first|last|\\d+)`,
  ]
    .map((p) => `^${p}$`)
    .join('|'),
);

const THEME_COLOURS = ['primary', 'secondary', 'success', 'info', 'warning', 'danger', 'light', 'dark'];

/** Colour variants react-bootstrap would build from a variant prop that no page passes to these components. */
const UNCOLOURED = new RegExp(`^(?:list-group-item|table)-(?:${THEME_COLOURS.join('|')})$`);

/** A theme colour's classes (btn-outline-warning, text-bg-warning, …) go when the source never names it. */
function unusedColour(className, used) {
  return THEME_COLOURS.some((c) => !used.has(c) && new RegExp(`(?:^|-)${c}(?:-|$)`).test(className));
}

const bootstrapCss = (name) => path.join(path.dirname(require.resolve('bootstrap/package.json')), 'dist', 'css', name);

/** The classes an element must have for the selector to match it (what :not() names is not required). */
const classesOf = (selector) => [...selector.replace(/:not\([^)]*\)/g, '').matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]);

/** Every word of the source that could be a class name. */
function namesIn(dir) {
  const names = new Set();
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(tsx?|css)$/.test(entry.name)) continue;
    const text = fs.readFileSync(path.join(entry.parentPath ?? entry.path, entry.name), 'utf8');
    for (const [word] of text.matchAll(/[a-z][a-z0-9-]*/g)) names.add(word);
  }
  return names;
}

function leftOutPart(className) {
  for (const [part, prefixes] of Object.entries(LEFT_OUT)) {
    if (prefixes.some((p) => className === p || className.startsWith(`${p}-`))) return part;
  }
  return null;
}

function utilityClasses() {
  const names = new Set();
  postcss.parse(fs.readFileSync(bootstrapCss('bootstrap-utilities.min.css'), 'utf8')).walkRules((rule) => {
    for (const c of classesOf(rule.selector)) names.add(c);
  });
  return names;
}

/** Whether a class of bootstrap.css stays, given the words the portal's source holds. */
function keeps(className, utilities, used) {
  if (leftOutPart(className) || UNCOLOURED.test(className) || unusedColour(className, used)) return false;
  return !utilities.has(className) || used.has(className) || UTILITIES_FROM_PROPS.test(className);
}

function subset(css, used) {
  const utilities = utilityClasses();
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent.type === 'atrule' && /keyframes$/.test(rule.parent.name)) return;
    const selectors = rule.selectors.filter((s) => classesOf(s).every((c) => keeps(c, utilities, used)));
    if (selectors.length === 0) rule.remove();
    else if (selectors.length !== rule.selectors.length) rule.selectors = selectors;
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes && atRule.nodes.length === 0) atRule.remove();
  });
  return root.toString();
}

/** The webpack loader. Option: sourceDir, the folder whose files name the classes in use. */
function bootstrapSubsetLoader(css) {
  const { sourceDir } = this.getOptions();
  this.addContextDependency(sourceDir);
  return subset(css, namesIn(sourceDir));
}

module.exports = bootstrapSubsetLoader;
module.exports.LEFT_OUT = LEFT_OUT;
module.exports.leftOutPart = leftOutPart;
module.exports.subset = subset;
module.exports.namesIn = namesIn;
