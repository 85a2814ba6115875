// The README's lines on fetching this very zip again from a script with an API key (issue 36 part 2): the call's
// real address and body (the export's study, stage, group and pilot choice), in R (httr2) and Python (requests).
import { API_KEY_PREFIX } from '../../../shared/apiKeys';
import { ZIP_MEDIA_TYPE } from '../../../shared/types/dataDownloads';
import type { ScopeFilter } from '../../repositories/exports';

/** Where the export was asked for: the portal's origin as the request reached it, and the export's scope. */
export interface FetchedFrom {
  origin: string;
  filter: ScopeFilter;
}

/** The download call's body for this export, as the route takes it (schemas/dataDownloads.ts analysisBodySchema). */
export function analysisRequestBody(filter: ScopeFilter): Record<string, string | boolean> {
  return { stageId: filter.stageId, ...(filter.groupId ? { groupId: filter.groupId } : {}), includePilot: filter.includePilot };
}

function rValue(value: string | boolean): string {
  return typeof value === 'boolean' ? (value ? 'TRUE' : 'FALSE') : JSON.stringify(value);
}

function pythonValue(value: string | boolean): string {
  return typeof value === 'boolean' ? (value ? 'True' : 'False') : JSON.stringify(value);
}

export function apiKeyFetchLines({ origin, filter }: FetchedFrom): string[] {
  const url = `${origin}/api/data/${encodeURIComponent(filter.studyId)}/download_analysis`;
  const body = Object.entries(analysisRequestBody(filter));
  return [
    'FETCHING THIS FILE FROM A SCRIPT',
    `Make an API key for this study on your account page (Account > Your account > API keys); it starts with ${API_KEY_PREFIX}. Keep it`,
    'out of your script (here in the environment variable PORTAL_API_KEY). The key can only read, and only its studies.',
    `The call: POST ${url}`,
    `  with the headers Authorization: Bearer <key> and Accept: ${ZIP_MEDIA_TYPE}, and the JSON body`,
    `  ${JSON.stringify(Object.fromEntries(body))}`,
    '',
    'R (httr2):',
    '  library(httr2)',
    `  request(${JSON.stringify(url)}) |>`,
    '    req_auth_bearer_token(Sys.getenv("PORTAL_API_KEY")) |>',
    `    req_headers(Accept = ${JSON.stringify(ZIP_MEDIA_TYPE)}) |>`,
    `    req_body_json(list(${body.map(([k, v]) => `${k} = ${rValue(v)}`).join(', ')})) |>`,
    '    req_perform(path = "analysis.zip")',
    '',
    'Python (requests):',
    '  import os, requests',
    '  answer = requests.post(',
    `      ${JSON.stringify(url)},`,
    `      headers={"Authorization": "Bearer " + os.environ["PORTAL_API_KEY"], "Accept": ${JSON.stringify(ZIP_MEDIA_TYPE)}},`,
    `      json={${body.map(([k, v]) => `${JSON.stringify(k)}: ${pythonValue(v)}`).join(', ')}},`,
    '      stream=True, timeout=600)',
    '  answer.raise_for_status()',
    '  with open("analysis.zip", "wb") as f:',
    '      for chunk in answer.iter_content(chunk_size=1 << 20):',
    '          f.write(chunk)',
    '',
    'An expired or revoked key answers 401; a study the key was not given, 403.',
    '',
  ];
}
