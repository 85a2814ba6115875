// The REDCap dictionary calls (issue 35 part 2): the chosen file sent as text/csv, and a questionnaire's
// dictionary received as the file itself (a Blob, so that its byte-order mark stays for Excel).
import { REDCAP_MEDIA_TYPE, type RedcapImportAnswer } from '../../../../shared/redcap';
import { api } from '../../../api/client';
import { readText, withReadableBody } from '../../../api/blobBodies';
import { fileNameFromDisposition } from '../../../app/saveFile';

export interface DictionaryFile {
  blob: Blob;
  fileName: string | null;
}

export const redcapApi = {
  importDictionary: async (file: Blob) =>
    (await api.post<RedcapImportAnswer>('/api/qx_list/import_redcap', await readText(file), { headers: { 'Content-Type': REDCAP_MEDIA_TYPE } })).data,
  exportDictionary: async (questionnaireId: string): Promise<DictionaryFile> => {
    try {
      const response = await api.get<Blob>(`/api/qx_list/${encodeURIComponent(questionnaireId)}/redcap`, { responseType: 'blob', headers: { Accept: REDCAP_MEDIA_TYPE } });
      const disposition = response.headers['content-disposition'] as unknown;
      return { blob: response.data, fileName: fileNameFromDisposition(typeof disposition === 'string' ? disposition : null) };
    } catch (error) {
      throw await withReadableBody(error);
    }
  },
};
