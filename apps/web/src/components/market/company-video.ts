/** How a company video is shown: a player page in a frame, or a media file in <video>. */
export type TVideoEmbed = { kind: 'frame' | 'file'; src: string };

const YOUTUBE_ID =
  /(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/)|youtu\.be\/)([\w-]{6,})/;
const VIMEO_ID = /vimeo\.com\/(?:video\/)?(\d+)/;
const MEDIA_FILE = /\.(mp4|webm|ogg|ogv|m4v)(?:[?#]|$)/i;

/**
 * Turns a company's video_url into something the page can embed: YouTube through its
 * privacy-enhanced player, Vimeo through its player, files natively. Anything that is not
 * http(s) is refused (null), so a stored address cannot run script in the page.
 */
export function toVideoEmbed(url: string | null | undefined): TVideoEmbed | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url, window.location.origin);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  const youtube = YOUTUBE_ID.exec(parsed.href);
  if (youtube)
    return { kind: 'frame', src: `https://www.youtube-nocookie.com/embed/${youtube[1]}` };
  const vimeo = VIMEO_ID.exec(parsed.href);
  if (vimeo) return { kind: 'frame', src: `https://player.vimeo.com/video/${vimeo[1]}` };
  if (MEDIA_FILE.test(parsed.pathname)) return { kind: 'file', src: parsed.href };
  return { kind: 'frame', src: parsed.href };
}

/** Only http(s) websites become links. */
export function safeWebsite(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(/^https?:\/\//i.test(url) ? url : `https://${url}`);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
