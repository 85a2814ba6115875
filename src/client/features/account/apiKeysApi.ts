// The lab user's own API keys (issue 36 part 2).
import { api } from '../../api/client';
import type { ApiKeyStudy, ApiKeySummary, CreatedApiKey, NewApiKey } from '../../../shared/apiKeys';

export const API_KEYS_URL = '/api/users/me/api_keys';

export const apiKeysApi = {
  list: async () => (await api.get<ApiKeySummary[]>(API_KEYS_URL)).data,
  studies: async () => (await api.get<ApiKeyStudy[]>(`${API_KEYS_URL}/studies`)).data,
  create: async (body: NewApiKey) => (await api.post<CreatedApiKey>(API_KEYS_URL, body)).data,
  revoke: async (id: string) => (await api.delete<{ message: string }>(`${API_KEYS_URL}/${encodeURIComponent(id)}`)).data,
};
