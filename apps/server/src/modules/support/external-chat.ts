/**
 * The firm's external chat (settings `chat_service` naming a chat project, and `chat.script_url`
 * its widget's https script): the client's widget loads that script instead of the built-in
 * chat, and the client app's page must let it run (its origin joins the page's CSP).
 */
import type { TFirmSettings } from '@sampada/shared';

type ChatSettings = Pick<TFirmSettings, 'chat_service' | 'chat'>;

/** The script the widget loads, or null while the built-in chat is used. */
export const externalChatScript = (settings: ChatSettings) =>
  settings.chat_service && settings.chat.script_url ? settings.chat.script_url : null;

/** The external chat script's origin, for the page's Content-Security-Policy; else null. */
export function externalChatOrigin(settings: ChatSettings): string | null {
  const script = externalChatScript(settings);
  if (!script) return null;
  try {
    const { origin, protocol } = new URL(script);
    return protocol === 'https:' ? origin : null;
  } catch {
    return null;
  }
}
