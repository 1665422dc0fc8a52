/**
 * Tests' sign that an unfinished S3 multipart upload has bytes in s3rver (which answers neither
 * ListMultipartUploads nor ListParts): s3rver writes each part as a file named by its number
 * under `<bucket>/._S3rver_uploads/<upload id>/`.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** Every part file under s3rver's `directory`, of any bucket and upload. */
export function s3rverPartsIn(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /^\d+$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((at) => at.includes(`${path.sep}._S3rver_uploads${path.sep}`));
}
