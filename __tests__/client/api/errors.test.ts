import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { isApiError, toApiError } from '../../../src/client/api/errors';

const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;

function answered(status: number, data: unknown): AxiosError {
  const response: AxiosResponse = { status, data, statusText: '', headers: {}, config };
  return new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, {}, response);
}

describe('toApiError', () => {
  it('takes the server’s message when the answer has one', () => {
    expect(toApiError(answered(401, { message: 'Incorrect email or password' }))).toEqual({
      status: 401,
      message: 'Incorrect email or password',
    });
  });

  it('keeps the problems a refusal lists beside its message, and only a list of texts', () => {
    const problems = ['Stage 1: the stage has no name'];
    expect(toApiError(answered(409, { message: 'Refused', problems }))).toEqual({ status: 409, message: 'Refused', problems });
    expect(toApiError(answered(409, { message: 'Refused', problems: [1] }))).toEqual({ status: 409, message: 'Refused' });
    expect(toApiError(answered(409, { message: 'Refused', problems: 'none' }))).toEqual({ status: 409, message: 'Refused' });
  });

  it('falls back to the error’s own message when the answer has none', () => {
    expect(toApiError(answered(502, '<html>Bad gateway</html>'))).toEqual({
      status: 502,
      message: 'Request failed with status code 502',
    });
    expect(toApiError(answered(500, { message: '' }))).toEqual({ status: 500, message: 'Request failed with status code 500' });
  });

  it('gives a network failure no status and the network error’s message', () => {
    expect(toApiError(new AxiosError('Network Error', 'ERR_NETWORK', config))).toEqual({ status: null, message: 'Network Error' });
  });

  it('handles errors that are not from axios', () => {
    expect(toApiError(new Error('Boom'))).toEqual({ status: null, message: 'Boom' });
    expect(toApiError('weird')).toEqual({ status: null, message: 'Network Error' });
  });
});

describe('isApiError', () => {
  it('recognises the normalised shape only', () => {
    expect(isApiError({ status: 400, message: 'x' })).toBe(true);
    expect(isApiError({ status: null, message: 'x' })).toBe(true);
    expect(isApiError({ message: 'x' })).toBe(false);
    expect(isApiError(null)).toBe(false);
  });
});
