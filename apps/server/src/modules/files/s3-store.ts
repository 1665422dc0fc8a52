/**
 * Files in S3-compatible object storage (S3_URL, decision 033), through the AWS SDK. S3 makes
 * an object visible only when its upload completes: a small file is one PutObject, a larger
 * one a multipart upload of 5 MiB parts that is aborted if the body fails, and a writer killed
 * half-way leaves only parts the bucket's lifecycle rule (or a later abort) clears — never an
 * object. Range reads are S3's own.
 *
 * S3_URL: `http(s)://ACCESS_KEY:SECRET@host[:port]/bucket[/prefix][?region=…]`, path-style
 * (what MinIO, Ceph, R2 and s3rver answer).
 */
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { bodyIterable, type ByteRange, checkKey, type FileStore } from '../../platform/storage.ts';

/** S3's smallest part but the last. */
const PART_BYTES = 5 * 1024 * 1024;

export type S3Location = { client: S3Client; bucket: string; prefix: string };

export function s3LocationOf(url: string): S3Location {
  const parsed = new URL(url);
  const [bucket, ...rest] = parsed.pathname.replace(/^\/+|\/+$/g, '').split('/');
  if (!bucket) throw new Error('S3_URL names no bucket (http://key:secret@host:port/bucket).');
  const client = new S3Client({
    endpoint: `${parsed.protocol}//${parsed.host}`,
    region: parsed.searchParams.get('region') ?? 'us-east-1',
    forcePathStyle: true,
    // Checksums only where S3 requires them: not every S3-compatible server knows the
    // newer trailing-checksum uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(parsed.username
      ? {
          credentials: {
            accessKeyId: decodeURIComponent(parsed.username),
            secretAccessKey: decodeURIComponent(parsed.password),
          },
        }
      : {}),
  });
  return { client, bucket, prefix: rest.length ? `${rest.join('/')}/` : '' };
}

const notFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * Cuts a body into parts of PART_BYTES (the last may be shorter; an empty body is one empty
 * part, and a body of whole parts ends with its last whole part, not an empty one).
 */
async function* parts(body: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let length = 0;
  let yielded = false;
  for await (const piece of body) {
    pending.push(piece);
    length += piece.length;
    if (length >= PART_BYTES) {
      yield Buffer.concat(pending);
      yielded = true;
      pending = [];
      length = 0;
    }
  }
  if (length > 0 || !yielded) yield Buffer.concat(pending);
}

/** Where a key lives in the bucket, checked. */
const objectAt =
  ({ bucket, prefix }: S3Location) =>
  (key: string) => ({ Bucket: bucket, Key: `${prefix}${checkKey(key)}` });

async function multipart(
  location: S3Location,
  key: string,
  first: Buffer,
  rest: AsyncIterator<Buffer>,
) {
  const { client } = location;
  const at = objectAt(location);
  const { UploadId } = await client.send(new CreateMultipartUploadCommand(at(key)));
  try {
    const done: { ETag: string | undefined; PartNumber: number }[] = [];
    let size = 0;
    for (let part: Buffer | undefined = first, n = 1; part; n += 1) {
      const { ETag } = await client.send(
        new UploadPartCommand({ ...at(key), UploadId, PartNumber: n, Body: part }),
      );
      done.push({ ETag, PartNumber: n });
      size += part.length;
      const next = await rest.next();
      part = next.done ? undefined : next.value;
    }
    await client.send(
      new CompleteMultipartUploadCommand({
        ...at(key),
        UploadId,
        MultipartUpload: { Parts: done },
      }),
    );
    return size;
  } catch (error) {
    await client.send(new AbortMultipartUploadCommand({ ...at(key), UploadId })).catch(() => {});
    throw error;
  }
}

/** A file's bytes, or the asked range of them. */
function rangeStream(location: S3Location, key: string, size: number, range?: ByteRange) {
  const { client } = location;
  const at = objectAt(location);
  return Readable.from(
    (async function* () {
      if (size === 0) return;
      const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
      const answer = await client.send(new GetObjectCommand({ ...at(key), Range }));
      // A server may answer more than the range (the RFC lets it ignore Range, and
      // s3rver reads `bytes=0-0` as the whole file): cut to what was asked.
      let skip = range && !answer.ContentRange ? range.start : 0;
      let left = range ? range.end - range.start + 1 : size;
      for await (const piece of answer.Body as Readable) {
        const part = (piece as Buffer).subarray(skip, skip + left);
        skip = Math.max(0, skip - (piece as Buffer).length);
        left -= part.length;
        if (part.length) yield part;
        if (left <= 0) break;
      }
    })(),
  );
}

export function s3FileStore(location: S3Location): FileStore {
  const { client, bucket, prefix } = location;
  const at = objectAt(location);

  return {
    kind: 's3',
    async put(key, body) {
      const iterator = parts(bodyIterable(body))[Symbol.asyncIterator]();
      const first = (await iterator.next()).value as Buffer;
      // A body that ended before a whole part is one PutObject. A whole first part goes up at
      // once while the rest arrives (an upload holds one part in memory, not two), even if
      // nothing follows it: a multipart upload of one part is valid.
      if (first.length < PART_BYTES) {
        await client.send(new PutObjectCommand({ ...at(key), Body: first }));
        return first.length;
      }
      return multipart(location, key, first, iterator);
    },
    async get(key) {
      try {
        const { Body } = await client.send(new GetObjectCommand(at(key)));
        return Buffer.from(await Body!.transformToByteArray());
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async open(key) {
      let size: number;
      try {
        size = (await client.send(new HeadObjectCommand(at(key)))).ContentLength ?? 0;
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
      return {
        size,
        stream: (range) => rangeStream(location, key, size, range),
      };
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand(at(key)));
    },
    async *keys() {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) yield object.Key!.slice(prefix.length);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
