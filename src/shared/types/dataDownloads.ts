// The data downloads' calls as the server answers them and the portal sends them (part 2 section 7; formats in
// PARTICIPANTS.md "Data out"). The specification's calls answer base64 content in JSON; the same calls answer
// the file itself as a stream when the request's Accept header names the file's media type, which is how the
// portal downloads them (memory stays flat on the server as a study grows).

export const ZIP_MEDIA_TYPE = 'application/zip';
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** POST /api/data/{studyId}/download_text_resp */
export interface TextResponseDownloadBody {
  stageId: string;
  /** Omitted for all groups of the stage. */
  groupId?: string;
  excludedParticipantsIds: string[];
  /** Pilot participants are left out unless this is true (issue 20). */
  includePilot?: boolean;
}

/** POST /api/data/{studyId}/download_resp_time */
export interface ResponseTimeDownloadBody {
  stageId: string;
  groupId?: string;
  /** False on Study Progress ('Not Include EMA Response'); EMA is included when omitted. */
  includeEma?: boolean;
  /** Pilot participants are left out unless this is true (issue 20). */
  includePilot?: boolean;
}

/** POST /api/data/{studyId}/download_analysis: the analysis-ready zip (streamed only). */
export interface AnalysisDownloadBody {
  stageId: string;
  groupId?: string;
  /** Pilot participants are left out unless this is true (issue 20). */
  includePilot?: boolean;
}

/** The JSON answer of download_text_resp and download_resp_time. */
export interface FileDownloadAnswer {
  /** The file, base64. */
  content: string;
  /** The file name to save it under. */
  title: string;
}
