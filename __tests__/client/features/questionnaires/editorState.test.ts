import { editorReducer, keepUnchanged, newId } from '../../../../src/client/features/questionnaires/editor/editorState';
import { editResponse } from '../../../../src/shared/questionnaire/operations';
import { positioned, question, response } from './fixtures';

const three = () => positioned([question('q1', 'Q1'), question('q2', 'Q2', [response('r2', 'time')]), question('q3', 'Q3')]);

describe('the editor’s working copy', () => {
  it('keeps unchanged questions as the same objects, so their cards skip rendering', () => {
    const before = three();
    const after = editorReducer(before, { type: 'editResponse', qpos: 1, rpos: 0, changes: { instruction_msg: 'Pick a time' } });
    expect(after[0]).toBe(before[0]);
    expect(after[2]).toBe(before[2]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1].other_info[0].instruction_msg).toBe('Pick a time');
  });

  it('answers the same array when nothing changed', () => {
    const before = three();
    expect(editorReducer(before, { type: 'editQuestion', qpos: 0, changes: { question_num: 'Q1' } })).toBe(before);
    expect(keepUnchanged(before, editResponse(before, 2, 0, {}))).toBe(before);
  });

  it('renumbers what moved after an insertion, and keeps what did not', () => {
    const before = three();
    const after = editorReducer(before, { type: 'insert', at: 2, kind: 'instruction', questionId: 'new', responseId: 'new-r' });
    expect(after.map((q) => q._id)).toEqual(['q1', 'q2', 'new', 'q3']);
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toBe(before[1]);
    expect(after[3]).not.toBe(before[2]);
    expect(after[3].position).toBe(3);
    expect(after[2].other_info[0].type).toBe('instruction');
  });

  it('makes unique ids', () => {
    const ids = new Set(Array.from({ length: 100 }, newId));
    expect(ids.size).toBe(100);
  });
});
