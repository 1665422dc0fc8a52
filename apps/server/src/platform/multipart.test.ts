/**
 * A multipart body cut short (issue 32): the client's image upload and the console's news and
 * offer images answered 500 when the closing boundary never came. Now 400 with a clear
 * message, over real HTTP; a whole upload still works.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiMessage } from '@sampada/shared';
import { buildTestApp, signInStaff, signUpClient, type TestApp } from '../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const BOUNDARY = 'sampada-test-boundary';
/** A part's headers and some bytes of a JPEG, then nothing: no closing boundary. */
const truncated = Buffer.concat([
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="id.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  ),
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]),
]);

async function postTruncated(url: string, token: string) {
  const response = await t.api.raw(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    body: truncated,
  });
  return { status: response.status, body: (await response.json()) as { message: string } };
}

describe('a truncated multipart upload', () => {
  it('is a 400 on the client image upload and both console image uploads', async () => {
    const client = await signUpClient(t);
    const admin = await signInStaff(t, 'admin');
    const replies = [
      await postTruncated('/client/app/v1/image', client.token),
      await postTruncated(`/console/api/v1/news/articles/${randomUUID()}/image`, admin.token),
      await postTruncated(`/console/api/v1/offers/${randomUUID()}/image`, admin.token),
    ];
    expect(replies).toEqual(
      Array.from({ length: 3 }, () => ({
        status: 400,
        body: expect.objectContaining({ message: ApiMessage.uploadIncomplete }),
      })),
    );
  });
});
