import { dataDownloadTitle, downloadTitle, safeFileName } from '../../src/shared/dataDownloads';

const at = new Date('2026-01-05T09:30:12Z');

describe('data download titles', () => {
  it('names the study, stage and group, what the file holds and when (UTC)', () => {
    expect(downloadTitle('text_responses', { studyCode: 'AB12CD', stageNum: 1, groupNum: 2 }, at)).toBe('AB12CD_stage1_group2_text_responses_20260105-0930.zip');
    expect(downloadTitle('response_times', { studyCode: 'AB12CD', stageNum: 2, groupNum: null }, at)).toBe('AB12CD_stage2_allGroups_response_times_20260105-0930.xlsx');
  });

  it("gives the portal's fallback the server's name", () => {
    expect(dataDownloadTitle('textResponses', { studyCode: 'ABC123', stageNum: 2, groupNum: 1 }, at)).toBe('ABC123_stage2_group1_text_responses_20260105-0930.zip');
    expect(dataDownloadTitle('responseTimes', { studyCode: 'ABC123', stageNum: 2 }, at)).toBe('ABC123_stage2_allGroups_response_times_20260105-0930.xlsx');
    expect(dataDownloadTitle('analysis', { studyCode: 'ABC123', stageNum: 1, groupNum: 3 }, at)).toBe('ABC123_stage1_group3_analysis_20260105-0930.zip');
  });

  it('names only the study when the stage is not known', () => {
    expect(dataDownloadTitle('analysis', { studyCode: 's1' }, at)).toBe('s1_analysis_20260105-0930.zip');
  });

  it('keeps a name saveable whatever the study code holds', () => {
    expect(dataDownloadTitle('textResponses', { studyCode: '研究/A:B', stageNum: 1 }, at)).toBe('-A-B_stage1_allGroups_text_responses_20260105-0930.zip');
    expect(safeFileName(' a\\b*c?d"e<f>g|h\u0007.zip ')).toBe('a_b_c_d_e_f_g_h_.zip');
  });
});
