/**
 * Where uploaded files live (decision 033): S3-compatible storage when S3_URL is set, else
 * PostgreSQL when DATABASE_URL is set (so every instance on that database reads them), else
 * DATA_DIR/files beside the embedded database.
 */
import { openDatabase, type Db } from '../../db/client.ts';
import { diskFileStore, type FileStore } from '../../platform/storage.ts';
import { postgresFileStore } from './postgres-store.ts';
import { s3FileStore, s3LocationOf } from './s3-store.ts';

export type FileStoreConfig = {
  dataDir: string;
  databaseUrl: string | undefined;
  s3Url: string | undefined;
};

export function createFileStore(config: FileStoreConfig, db: Db): FileStore {
  if (config.s3Url) return s3FileStore(s3LocationOf(config.s3Url));
  if (config.databaseUrl) return postgresFileStore(db);
  return diskFileStore(config.dataDir);
}

/**
 * For `backup restore`: where the archive's files go when the target keeps them in S3 or
 * PostgreSQL (opened after the database is restored, migrated so its table exists).
 */
export function restoredFileStore(config: FileStoreConfig) {
  const { s3Url, databaseUrl } = config;
  if (s3Url)
    return {
      openFiles: async () => ({ store: s3FileStore(s3LocationOf(s3Url)), close: async () => {} }),
    };
  if (databaseUrl)
    return {
      openFiles: async () => {
        const database = await openDatabase({ url: databaseUrl });
        return { store: postgresFileStore(database.db), close: () => database.close() };
      },
    };
  return {};
}
