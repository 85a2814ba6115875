// The scan that every route test applies to its answers must itself catch a leak.
import type { LightMyRequestResponse } from 'fastify';
import { expectNoSecrets } from './api';

function answer(statusCode: number, body: string): LightMyRequestResponse {
  return { statusCode, body, headers: { 'content-type': 'application/json; charset=utf-8' } } as unknown as LightMyRequestResponse;
}

describe('expectNoSecrets', () => {
  it('passes a clean answer, and an error message that names the password field', () => {
    expect(() => expectNoSecrets(answer(200, JSON.stringify({ _id: 'x', email: 'a@b.org' })))).not.toThrow();
    expect(() => expectNoSecrets(answer(400, JSON.stringify({ message: 'Password is required' })))).not.toThrow();
  });

  it.each([
    ['a hash in a value', 200, { note: '$argon2id$v=19$m=19456,t=2,p=1$abc$def' }],
    ['a hash in an error', 400, { message: 'bad $argon2id$v=19' }],
    ['a password_hash field', 200, { users: [{ _id: 'x', password_hash: 'secret' }] }],
    ['a password field in an error', 400, { message: 'x', password: 'typed' }],
    ['the word password in a successful answer', 200, { message: 'your password is hunter2' }],
  ])('fails on %s', (_what, status, body) => {
    expect(() => expectNoSecrets(answer(status, JSON.stringify(body)))).toThrow();
  });
});
