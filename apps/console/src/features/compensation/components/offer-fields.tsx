import { Group, NumberInput, Select, TextInput } from '@mantine/core';
import { OFFER_STATUSES } from '@sampada/shared';
import { OFFER_STATUS_LABELS } from './offer-status-labels';
import type { TOfferDraft } from './offer-draft';
import type { TBindText, TSetDraft } from './use-offer-editor';

const STATUS_OPTIONS = OFFER_STATUSES.map((value) => ({
  value,
  label: OFFER_STATUS_LABELS[value],
}));

/** Kind, status and the lowest VIP level that sees the offer. */
export function OfferKindFields({ draft, set }: { draft: TOfferDraft; set: TSetDraft }) {
  return (
    <Group grow>
      <Select
        label="Kind"
        data={[
          { value: 'info', label: 'Information' },
          { value: 'bonus', label: 'Bonus' },
        ]}
        value={draft.kind}
        allowDeselect={false}
        onChange={(v) => set('kind', (v as TOfferDraft['kind']) ?? 'info')}
      />
      <Select
        label="Status"
        data={STATUS_OPTIONS}
        value={draft.status}
        allowDeselect={false}
        onChange={(v) => set('status', (v as TOfferDraft['status']) ?? 'draft')}
        data-testid="offer-status"
      />
      <NumberInput
        label="From VIP level"
        min={0}
        max={10}
        value={draft.min_vip}
        onChange={(v) => set('min_vip', Number(v) || 0)}
      />
    </Group>
  );
}

/** A bonus's kind, budget and amount (fixed) or cashback and cap. */
export function OfferBonusFields({
  draft,
  set,
  bind,
}: {
  draft: TOfferDraft;
  set: TSetDraft;
  bind: TBindText;
}) {
  return (
    <>
      <Group grow align="flex-start">
        <Select
          label="Bonus"
          data={[
            { value: 'fixed', label: 'Fixed amount' },
            { value: 'cashback', label: 'Brokerage cashback' },
          ]}
          value={draft.bonus_kind}
          allowDeselect={false}
          onChange={(v) => set('bonus_kind', (v as TOfferDraft['bonus_kind']) ?? 'fixed')}
        />
        <TextInput
          label="Total budget (₹)"
          {...bind('budget', 'budget')}
          data-testid="offer-budget"
        />
      </Group>
      {draft.bonus_kind === 'fixed' ? (
        <TextInput
          label="Amount per client (₹)"
          {...bind('amount', 'amount')}
          data-testid="offer-amount"
        />
      ) : (
        <Group grow align="flex-start">
          <TextInput
            label="Cashback (% of brokerage)"
            {...bind('cashback_percent', 'cashback')}
            data-testid="offer-cashback"
          />
          <TextInput label="Cap per client (₹)" {...bind('cap')} data-testid="offer-cap" />
        </Group>
      )}
    </>
  );
}
