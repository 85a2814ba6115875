import { CONTROL_NAMES, pickerItemName, TOOLBARS, FONT_WHITELIST, SIZE_WHITELIST } from '../../../../src/client/components/richText/toolbars';

/** The key RichTextEditor looks a control up by: "format" or "format value" for a button, "format" for a picker. */
function controlKeys(control: string | Record<string, unknown>): string[] {
  if (typeof control === 'string') return [control];
  return Object.entries(control).map(([format, value]) => (Array.isArray(value) ? format : `${format} ${String(value)}`));
}

describe('toolbar names', () => {
  it.each(Object.keys(TOOLBARS))('every control of the %s toolbar has a name to say and show', (kind) => {
    const keys = TOOLBARS[kind as keyof typeof TOOLBARS].flat().flatMap(controlKeys);
    expect(keys.filter((key) => !CONTROL_NAMES[key])).toEqual([]);
  });

  it('names lists and indents as people say them', () => {
    expect(CONTROL_NAMES['list ordered']).toBe('Numbered list');
    expect(CONTROL_NAMES['list bullet']).toBe('Bulleted list');
    expect(CONTROL_NAMES['indent -1']).toBe('Decrease indent');
    expect(CONTROL_NAMES['indent +1']).toBe('Increase indent');
  });

  it('names every choice of the font, size, heading and alignment pickers', () => {
    expect(FONT_WHITELIST.map((f) => pickerItemName('font', f))).toEqual(['Arial', 'Comic Sans', 'Courier New', 'Georgia', 'Helvetica', 'Lucida']);
    expect(SIZE_WHITELIST.map((s) => pickerItemName('size', s))).toEqual(['Extra small', 'Small', 'Medium', 'Large']);
    expect(['1', '6', ''].map((h) => pickerItemName('header', h))).toEqual(['Heading 1', 'Heading 6', 'Normal']);
    expect(['', 'center', 'right', 'justify'].map((a) => pickerItemName('align', a))).toEqual(['Left', 'Centre', 'Right', 'Justify']);
    expect(pickerItemName('font', '')).toBe('Default');
  });
});
