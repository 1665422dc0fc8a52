import type { TApiAppSettings } from '@sampada/shared';
import { factorTyped, type TAppFactor, type TFactorTyped } from './second-factor';

export type TForm = {
  name: string;
  redirect_url: string;
  postback_url: string;
  allowed_ips: string[];
} & TFactorTyped;
export type TRequest = TApiAppSettings & Partial<TFactorTyped>;

/** What the form checks and sends: trimmed text, no empty postback URL, the factor owed. */
export const toRequest =
  (factor: TAppFactor) =>
  (values: TForm): TRequest => ({
    name: values.name.trim(),
    redirect_url: values.redirect_url.trim(),
    postback_url: values.postback_url.trim() || null,
    allowed_ips: values.allowed_ips.map((ip) => ip.trim()),
    ...factorTyped(factor, values),
  });
