import { dataDownloadTitle, safeFileName } from '../../src/shared/dataDownloads';

describe('data download titles', () => {
  it('names the study, stage and group, and what the file holds', () => {
    expect(dataDownloadTitle('textResponses', { studyCode: 'ABC123', stageNum: 2, groupNum: 1 })).toBe('ABC123_stage2_group1_text_responses.zip');
    expect(dataDownloadTitle('responseTimes', { studyCode: 'ABC123', stageNum: 2 })).toBe('ABC123_stage2_all_groups_response_times.xlsx');
    expect(dataDownloadTitle('analysis', { studyCode: 'ABC123', stageNum: 1, groupNum: 3 })).toBe('ABC123_stage1_group3_analysis_data.zip');
  });

  it('names only the study when the stage is not known', () => {
    expect(dataDownloadTitle('analysis', { studyCode: 's1' })).toBe('s1_analysis_data.zip');
  });

  it('keeps a name saveable whatever the study code holds', () => {
    expect(dataDownloadTitle('textResponses', { studyCode: '研究/A:B', stageNum: 1 })).toBe('研究_A_B_stage1_all_groups_text_responses.zip');
    expect(safeFileName(' a\\b*c?d"e<f>g|h\u0007.zip ')).toBe('a_b_c_d_e_f_g_h_.zip');
  });
});
