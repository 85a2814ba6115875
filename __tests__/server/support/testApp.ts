// Builds the real Fastify app on a real database for a test file: a temporary SQLite file, and PostgreSQL in
// a schema of its own when TEST_DATABASE_URL is set. Each is dropped when the file's tests end.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Agent } from 'node:https';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Client } from 'pg';
import { buildApp } from '../../../src/server/app';
import { loadConfig, type Config } from '../../../src/server/config';
import type { PushTiming } from '../../../src/server/services/push/pushSender';
import type { EmailTiming } from '../../../src/server/services/email/promptEmailSender';
import { AnswerContract } from './answerContract';

export const OWNER_EMAIL = 'owner@example.org';
export const OWNER_PASSWORD = 'owner-password-1';

export type DatabaseName = 'sqlite' | 'postgres';

/** The databases this run covers: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const databases: DatabaseName[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/**
 * Every answer of every test app is checked against the OpenAPI document (answerContract.ts). A mismatch fails
 * the test that caused it; one caused outside a test (beforeAll, afterAll) fails closing the app.
 */
const contracts = new Set<AnswerContract>();

function watchedContract(): AnswerContract {
  const contract = new AnswerContract();
  contracts.add(contract);
  return contract;
}

function failOnMismatch(problems: string[]): void {
  if (problems.length > 0) throw new Error(`Answers that do not match the OpenAPI document:\n${problems.join('\n')}`);
}

// Under jest only: the benchmarks build their apps with these helpers too, outside any test.
if (typeof afterEach === 'function') afterEach(() => failOnMismatch([...contracts].flatMap((c) => c.takeProblems())));

/** Stops checking the app's answers, failing for what was still found. */
function releaseContract(contract: AnswerContract): void {
  contracts.delete(contract);
  failOnMismatch(contract.takeProblems());
}

async function withPg<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** What a test may give the app beside settings: the https agent for its pushes (support/pushService.ts), the sender's timing. */
export interface TestAppOptions {
  pushAgent?: Agent;
  pushTiming?: PushTiming;
  emailTiming?: EmailTiming;
}

export async function createTestApp(database: DatabaseName, env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const schema = database === 'postgres' ? `test_${randomBytes(6).toString('hex')}` : undefined;
  if (schema) await withPg((c) => c.query(`CREATE SCHEMA ${schema}`));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SYSTEM_OWNER_EMAIL: OWNER_EMAIL,
    SYSTEM_OWNER_PASSWORD: OWNER_PASSWORD,
    PUBLIC_DIR: path.join(dataDir, 'no-portal'),
    ...(database === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL ?? '' } : {}),
    ...env,
  });
  const contract = watchedContract();
  const app = await buildApp(config, { databaseSchema: schema, logger: false, observeAnswers: contract, pushAgent: options.pushAgent, pushTiming: options.pushTiming, emailTiming: options.emailTiming });
  await app.ready();
  return {
    app,
    config,
    async close() {
      await app.close();
      releaseContract(contract);
      if (schema) await withPg((c) => c.query(`DROP SCHEMA ${schema} CASCADE`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** JSON body of an injected answer. */
export function json<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return res.json() as T;
}

export function call(app: FastifyInstance, options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse> {
  const { token, headers, ...rest } = options;
  return app.inject({
    ...rest,
    headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  }) as Promise<LightMyRequestResponse>;
}

export async function ownerToken(app: FastifyInstance): Promise<string> {
  const res = await call(app, { method: 'POST', url: '/api/users/systemowner/login', payload: { email: OWNER_EMAIL, password: OWNER_PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`owner login failed: ${res.body}`);
  return json<{ token: string }>(res).token;
}

export interface SeededLab {
  labId: string;
  managerId: string;
  managerEmail: string;
  managerPassword: string;
}

let seq = 0;
export async function seedLab(app: FastifyInstance, owner: string, organization: 1 | 2 = 1): Promise<SeededLab> {
  seq += 1;
  const managerEmail = `manager${seq}-${randomBytes(3).toString('hex')}@lab.org`;
  const managerPassword = 'manager-password';
  const res = await call(app, {
    method: 'POST',
    url: '/api/labs/systemowner/createlab',
    token: owner,
    payload: { labName: `Lab ${seq}`, email: managerEmail, password: managerPassword, organization },
  });
  if (res.statusCode !== 201) throw new Error(`createlab failed: ${res.body}`);
  const body = json<{ lab: { _id: string }; manager: { _id: string } }>(res);
  return { labId: body.lab._id, managerId: body.manager._id, managerEmail, managerPassword };
}

export async function labUserToken(
  app: FastifyInstance,
  email: string,
  password: string,
  organization: 1 | 2 = 1,
  host = organization === 2 ? 'dark.localhost' : 'localhost',
): Promise<string> {
  const res = await call(app, { method: 'POST', url: '/api/users/login', headers: { host }, payload: { email, password, organization } });
  if (res.statusCode !== 200) throw new Error(`lab user login failed: ${res.body}`);
  return json<{ token: string }>(res).token;
}

/**
 * Storage that outlives one app: a data folder and, on PostgreSQL, a schema. Building twice on it is what a
 * restart of the server does (the first start's work, such as the system owner, must not be done again).
 */
export interface TestStorage {
  database: DatabaseName;
  dataDir: string;
  schema?: string;
  drop(): Promise<void>;
}

export async function createTestStorage(database: DatabaseName): Promise<TestStorage> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const schema = database === 'postgres' ? `test_${randomBytes(6).toString('hex')}` : undefined;
  if (schema) await withPg((c) => c.query(`CREATE SCHEMA ${schema}`));
  return {
    database,
    dataDir,
    schema,
    async drop() {
      if (schema) await withPg((c) => c.query(`DROP SCHEMA ${schema} CASCADE`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Builds the app on existing storage with exactly the settings given (no default owner email or password), so
 * a test can see what the server does when they are missing. Closing the app leaves the storage in place.
 */
export async function buildOnStorage(
  storage: TestStorage,
  env: Record<string, string> = {},
  logger: NonNullable<Parameters<typeof buildApp>[1]>['logger'] = false,
  options: TestAppOptions = {},
): Promise<{ app: FastifyInstance; config: Config }> {
  const config = loadConfig({
    DATA_DIR: storage.dataDir,
    PUBLIC_DIR: path.join(storage.dataDir, 'no-portal'),
    ...(storage.database === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL ?? '' } : {}),
    ...env,
  });
  const contract = watchedContract();
  const app = await buildApp(config, { databaseSchema: storage.schema, logger, observeAnswers: contract, pushAgent: options.pushAgent, pushTiming: options.pushTiming, emailTiming: options.emailTiming });
  app.addHook('onClose', async () => releaseContract(contract));
  await app.ready();
  return { app, config };
}

/** The answer of POST /api/files/genLabS3URL. */
export interface UploadGrant {
  url: string;
  file: string;
  type: string;
  contentType: string;
}

/** Asks for an upload address for a file name (and, when given, its size). */
export async function grantUpload(app: FastifyInstance, token: string, fileName: string, fileSize?: number): Promise<LightMyRequestResponse> {
  return call(app, {
    method: 'POST',
    url: '/api/files/genLabS3URL',
    token,
    payload: { filePath: fileName, fileType: '', requestType: 'putObject', ...(fileSize === undefined ? {} : { fileSize }) },
  });
}

/**
 * The whole upload flow on local storage: an upload address, the bytes PUT to it with the granted content type,
 * then POST /api/files/createfiles. Answers the createfiles answer (201 with the file when all went well).
 */
export async function uploadLocalFile(
  app: FastifyInstance,
  token: string,
  labId: string,
  fileName: string,
  bytes: Buffer,
  name: string = fileName,
): Promise<LightMyRequestResponse> {
  const granted = await grantUpload(app, token, fileName, bytes.length);
  if (granted.statusCode !== 200) throw new Error(`genLabS3URL failed: ${granted.body}`);
  const grant = json<UploadGrant>(granted);
  const put = await call(app, { method: 'PUT', url: grant.url, headers: { 'content-type': grant.contentType }, payload: bytes });
  if (put.statusCode !== 200) throw new Error(`upload failed: ${put.body}`);
  return call(app, {
    method: 'POST',
    url: '/api/files/createfiles',
    token,
    payload: { lab: labId, name, type: grant.type, file: grant.file, size: bytes.length },
  });
}
