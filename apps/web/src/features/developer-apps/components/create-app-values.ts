import type { TApiAppSettings } from '@sampada/shared';

export type TForm = {
  name: string;
  redirect_url: string;
  postback_url: string;
  allowed_ips: string[];
  pin: string;
};
export type TRequest = TApiAppSettings & { pin: string };

/** What the form sends: trimmed text, no postback URL when the field is empty. */
export const toRequest = (values: TForm): TRequest => ({
  name: values.name.trim(),
  redirect_url: values.redirect_url.trim(),
  postback_url: values.postback_url.trim() || null,
  allowed_ips: values.allowed_ips.map((ip) => ip.trim()),
  pin: values.pin,
});
