// Registers once what our editors need on top of Quill 2: the font and size whitelists, undo/redo icons,
// KaTeX for formulas (Quill looks for it on window), and images that keep an empty alt text.
import Quill from 'quill';
import katex from 'katex';
import { FONT_WHITELIST, SIZE_WHITELIST } from './toolbars';

let done = false;

interface Whitelisted {
  whitelist: string[];
}

const UNDO_ICON =
  '<svg viewBox="0 0 18 18" aria-hidden="true"><path class="ql-stroke" d="M5 7H11a3 3 0 0 1 0 6H8"/><polyline class="ql-stroke" points="7 5 5 7 7 9"/></svg>';
const REDO_ICON =
  '<svg viewBox="0 0 18 18" aria-hidden="true"><path class="ql-stroke" d="M13 7H7a3 3 0 0 0 0 6h3"/><polyline class="ql-stroke" points="11 5 13 7 11 9"/></svg>';

interface ImageBlot {
  domNode: HTMLElement;
  format(name: string, value: unknown): void;
}
type ImageBlotClass = new (...args: never[]) => ImageBlot;

/**
 * Quill's image drops an empty alt attribute, but alt="" is how a decorative image tells screen readers to pass
 * over it: keep it.
 */
function imageKeepingEmptyAlt(Base: ImageBlotClass): ImageBlotClass {
  return class AccessibleImage extends Base {
    override format(name: string, value: unknown): void {
      if (name === 'alt' && typeof value === 'string') this.domNode.setAttribute('alt', value);
      else super.format(name, value);
    }
  };
}

export function setUpQuill(): typeof Quill {
  if (done) return Quill;
  done = true;
  (window as unknown as { katex: typeof katex }).katex = katex;
  const font = Quill.import('formats/font') as unknown as Whitelisted;
  font.whitelist = [...FONT_WHITELIST];
  Quill.register(font as never, true);
  const size = Quill.import('formats/size') as unknown as Whitelisted;
  size.whitelist = [...SIZE_WHITELIST];
  Quill.register(size as never, true);
  Quill.register(imageKeepingEmptyAlt(Quill.import('formats/image') as unknown as ImageBlotClass) as never, true);
  const icons = Quill.import('ui/icons') as Record<string, string>;
  icons.undo = UNDO_ICON;
  icons.redo = REDO_ICON;
  return Quill;
}
