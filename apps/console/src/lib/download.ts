import { http } from './api-client';

const fileNameOf = (disposition: unknown, fallback: string) => {
  const match = /filename="?([^";]+)"?/.exec(typeof disposition === 'string' ? disposition : '');
  return match?.[1] ?? fallback;
};

/**
 * GETs a console file with the session's bearer token (so not a plain link), as a blob, and
 * saves it through an object URL under the server's file name. Resolves with that name.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<string> {
  const response = await http.get<Blob>(url, { responseType: 'blob', timeout: 60_000 });
  const name = fileNameOf(response.headers['content-disposition'], fallbackName);
  const href = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
  return name;
}
