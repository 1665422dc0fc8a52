import { formatBps, formatPaise, OM, type TOfferView } from '@sampada/shared';
import { Alert, Badge, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../../components/market/query-state';
import { toastFailure } from '../../../lib/api-client';
import { useProfile } from '../../../lib/auth';
import { formatDate } from '../../../lib/datetime';
import { toastSuccess } from '../../../lib/notify';
import { offersQueryOptions, useClaimOffer } from '../api/offers';
import { useEngagementTranslation } from '../i18n';

function what(offer: TOfferView, t: ReturnType<typeof useEngagementTranslation>['t']) {
  if (offer.kind !== 'bonus') return null;
  if (offer.bonus_kind === 'fixed')
    return t('offers.fixed', { amount: formatPaise(offer.amount_paise ?? 0) });
  return t('offers.cashback', {
    rate: formatBps(offer.cashback_bps ?? 0),
    cap: formatPaise(offer.cashback_cap_paise ?? 0),
  });
}

/** Menu key 'engagement/offers' (/offers, shown with allow_bonus): offers and their bonuses. */
export default function OffersPage() {
  const { t } = useEngagementTranslation();
  const { data: profile } = useProfile();
  const offers = useQuery({ ...offersQueryOptions(), enabled: profile?.allow_bonus === true });
  const claim = useClaimOffer();
  if (profile && !profile.allow_bonus) return <Alert color="gray">{OM.notAllowed}</Alert>;
  return (
    <Stack gap="md" data-testid="offers-page">
      <Title order={2} size="h4">
        {t('offers.title')}
      </Title>
      <QueryState
        isPending={offers.isPending}
        isError={offers.isError}
        onRetry={() => void offers.refetch()}
        isEmpty={offers.data?.items.length === 0}
        emptyText={t('offers.empty')}
        rows={2}
      >
        {offers.data?.items.map((offer) => (
          <Card key={offer.id} withBorder radius="md" data-testid="offer-card">
            {offer.image_url && (
              <Card.Section>
                <Image src={offer.image_url} alt="" h={140} fit="cover" />
              </Card.Section>
            )}
            <Stack gap={6} mt={offer.image_url ? 'sm' : 0}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600}>{offer.title}</Text>
                {offer.kind === 'bonus' && <Badge variant="light">{t('offers.bonus')}</Badge>}
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {offer.body}
              </Text>
              {what(offer, t) && (
                <Text size="sm" fw={500}>
                  {what(offer, t)}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {t('offers.until', {
                  date: formatDate(offer.valid_until),
                })}
              </Text>
              {offer.claimed ? (
                <Badge color="green" variant="light" data-testid="offer-claimed">
                  {t('offers.claimed', { amount: formatPaise(offer.claimed.amount_paise) })}
                </Badge>
              ) : (
                offer.kind === 'bonus' && (
                  <Button
                    disabled={!offer.claimable}
                    loading={claim.isPending && claim.variables === offer.id}
                    onClick={() =>
                      claim.mutate(offer.id, {
                        onSuccess: (result) =>
                          toastSuccess(
                            t('offers.credited', { amount: formatPaise(result.amount_paise) }),
                          ),
                        onError: (error) => toastFailure(t('offers.failed'), error),
                      })
                    }
                    data-testid="offer-claim"
                  >
                    {t('offers.claim')}
                  </Button>
                )
              )}
            </Stack>
          </Card>
        ))}
      </QueryState>
    </Stack>
  );
}
