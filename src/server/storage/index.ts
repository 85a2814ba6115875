import path from 'node:path';
import type { Config } from '../config';
import type { ObjectStorage } from './objectStorage';
import { LocalStorage } from './localStorage';
import { S3Storage } from './s3Storage';

export function createStorage(config: Config, secret: string): ObjectStorage {
  if (config.s3) return new S3Storage(config.s3);
  return new LocalStorage(path.join(config.dataDir, 'files'), secret);
}
