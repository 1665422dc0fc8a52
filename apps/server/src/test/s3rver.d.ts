/** s3rver (a real S3-compatible server for the file-store tests) ships no types: what the tests use. */
declare module 's3rver' {
  export default class S3rver {
    constructor(options: {
      port?: number;
      address?: string;
      silent?: boolean;
      directory: string;
      configureBuckets?: { name: string; configs: (string | Buffer)[] }[];
    });
    run(): Promise<unknown>;
    close(): Promise<void>;
  }
}
