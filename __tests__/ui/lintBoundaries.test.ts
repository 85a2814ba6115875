/**
 * @jest-environment node
 */
// The lint boundaries of eslint.config.mjs between the browser apps: src/ui takes only src/shared, React and
// DOMPurify; the portal never imports the participant app; the participant app never imports the portal or the
// server. ESLint runs in its own Node process (its config is an ES module, which jest's VM does not load).
import { execFileSync } from 'node:child_process';
import path from 'node:path';

interface Case {
  filePath: string;
  code: string;
}

const root = path.resolve(__dirname, '../..');

/** The no-restricted-imports messages ESLint gives each snippet, linted as if it were the file at filePath. */
function restrictedImports(cases: Case[]): string[][] {
  const script = `
    import { ESLint } from 'eslint';
    const cases = JSON.parse(process.argv[1]);
    const eslint = new ESLint({ cwd: process.cwd() });
    const out = [];
    for (const c of cases) {
      const [result] = await eslint.lintText(c.code, { filePath: c.filePath });
      out.push(result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message));
    }
    console.log(JSON.stringify(out));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(cases)], { cwd: root, encoding: 'utf8' });
  return JSON.parse(output) as string[][];
}

const uiFile = 'src/ui/questionnaire/Example.tsx';
const use = (source: string) => `import * as it from '${source}';\nexport const used = it;\n`;

describe('the lint boundaries between the browser apps', () => {
  it('refuses what each layer may not import and allows what it may', () => {
    const cases: Case[] = [
      { filePath: uiFile, code: use('../../client/components/Loading') },
      { filePath: uiFile, code: use('../../server/app') },
      { filePath: uiFile, code: use('../../participant/main') },
      { filePath: uiFile, code: use('react-bootstrap/Button') },
      { filePath: uiFile, code: use('axios') },
      { filePath: uiFile, code: use('../../shared/questionnaire/types') },
      { filePath: uiFile, code: use('react') },
      { filePath: uiFile, code: use('dompurify') },
      { filePath: uiFile, code: use('../richText/RichTextView') },
      { filePath: 'src/client/features/questionnaires/Example.tsx', code: use('../../../participant/main') },
      { filePath: 'src/client/features/questionnaires/Example.tsx', code: use('../../../ui/questionnaire') },
      { filePath: 'src/participant/Example.tsx', code: use('../client/app/hooks') },
      { filePath: 'src/participant/Example.tsx', code: use('../server/app') },
      { filePath: 'src/participant/Example.tsx', code: use('../ui/questionnaire') },
      { filePath: 'src/participant/Example.tsx', code: use('../shared/questionnaire/formAnswers') },
    ];
    const refused = restrictedImports(cases).map((messages) => messages.length > 0);
    expect(refused).toEqual([true, true, true, true, true, false, false, false, false, true, false, true, true, false, false]);
  }, 60_000);
});
