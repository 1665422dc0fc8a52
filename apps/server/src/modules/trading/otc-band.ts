import { OTC_BAND_PCT, percentOf } from '@sampada/shared';

/** The ±3% block-deal band around a reference price, in paise (rounded inwards). */
export function otcBand(referencePaise: bigint) {
  const delta = percentOf(referencePaise, OTC_BAND_PCT, 'down');
  return { lower: referencePaise - delta, upper: referencePaise + delta };
}
