// The REDCap dictionary calls (issue 35 part 2): the chosen file sent as text/csv, and a questionnaire's
// dictionary received as the file itself (a Blob, so that its byte-order mark stays for Excel).
import { isAxiosError } from 'axios';
import { REDCAP_MEDIA_TYPE, type RedcapImportAnswer } from '../../../../shared/redcap';
import { api } from '../../../api/client';
import { fileNameFromDisposition } from '../../../app/saveFile';

export interface DictionaryFile {
  blob: Blob;
  fileName: string | null;
}

function readText(blob: Blob): Promise<string> {
  // FileReader rather than Blob.text(): the same in every browser the portal supports and in the test DOM.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(blob);
  });
}

/** A refused download's body is a Blob: read back as JSON so that the server's message shows. */
async function withReadableBody(error: unknown): Promise<unknown> {
  if (!isAxiosError(error) || !error.response || !(error.response.data instanceof Blob)) return error;
  const text = await readText(error.response.data).catch(() => '');
  try {
    error.response.data = JSON.parse(text) as unknown;
  } catch {
    error.response.data = null;
  }
  return error;
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
