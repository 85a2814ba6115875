// A local S3-compatible server for the storage tests: s3rver (a devDependency) in a temporary folder, with one
// bucket, on a free port of 127.0.0.1. It accepts any request signed with the access key and secret 'S3RVER'.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

interface S3rverOptions {
  port: number;
  address: string;
  silent: boolean;
  directory: string;
  configureBuckets: Array<{ name: string }>;
}

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}

type S3rverConstructor = new (options: S3rverOptions) => S3rverInstance;

export const S3RVER_KEY = 'S3RVER';
export const TEST_BUCKET = 'test-bucket';

export interface RunningS3 {
  endpoint: string;
  bucket: string;
  /** The settings that point the app at this server. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

// s3rver ships no type declarations: it is loaded through require and given the small type above.
const load = createRequire(__filename);

/**
 * Starts s3rver and points the AWS SDK's default credentials at it (restored by stop). The AWS variables are
 * read when the first S3 call is made, so start this before building the app.
 */
export async function startS3(): Promise<RunningS3> {
  const S3rver = load('s3rver') as S3rverConstructor;
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: TEST_BUCKET }] });
  const { port } = await server.run();
  const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
  process.env.AWS_ACCESS_KEY_ID = S3RVER_KEY;
  process.env.AWS_SECRET_ACCESS_KEY = S3RVER_KEY;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket: TEST_BUCKET,
    env: { S3_BUCKET: TEST_BUCKET, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1' },
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
      if (saved.id === undefined) delete process.env.AWS_ACCESS_KEY_ID;
      else process.env.AWS_ACCESS_KEY_ID = saved.id;
      if (saved.secret === undefined) delete process.env.AWS_SECRET_ACCESS_KEY;
      else process.env.AWS_SECRET_ACCESS_KEY = saved.secret;
    },
  };
}
