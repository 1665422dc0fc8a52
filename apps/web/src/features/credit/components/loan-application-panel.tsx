import { M } from '@sampada/shared';
import { Alert, Button, Divider, Group, Loader, Stack } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { LoadingButton } from '../../../components/loading-button';
import { PinField } from '../../../components/pin-field';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { closeGlobalDrawer } from '../../../lib/drawers';
import { translateMessage } from '../../../lib/i18n';
import { useCreditTranslation } from '../i18n';
import { KeyFactStatement } from './key-fact-statement';
import { LoanPledgeFields } from './loan-pledge-fields';
import { LoanQuoteFigures } from './loan-quote-figures';
import { LoanAmountTenureFields, LoanProductField } from './loan-terms-fields';
import { useLoanApplication } from './use-loan-application';

type TLoanApplication = ReturnType<typeof useLoanApplication>;

function LoanApplied({ loanId }: { loanId: string }) {
  const { t } = useCreditTranslation();
  const navigate = useNavigate();
  return (
    <Stack gap="md" data-testid="loan-applied">
      <Alert color="teal" icon={<IconCircleCheck size={18} />}>
        {t('apply.done')}
      </Alert>
      <Button
        onClick={() => void closeGlobalDrawer().then(() => navigate(paths.loan(loanId)))}
        data-testid="loan-applied-view"
      >
        {t('apply.view')}
      </Button>
    </Stack>
  );
}

/** The quote for the terms typed, then the key fact statement to read and accept. */
function LoanQuoteAndKeyFacts({ app }: { app: TLoanApplication }) {
  const { t } = useCreditTranslation();
  const { quote, debounced, request } = app;
  const { current, accepted, setAccepted, readKfs } = app.keyFacts;
  const quoteFailure =
    quote.error && isApiError(quote.error) ? translateMessage(quote.error) : null;
  return (
    <>
      {quoteFailure && debounced && (
        <Alert color="red" data-testid="loan-quote-error">
          {quoteFailure}
        </Alert>
      )}
      {quote.data && debounced && !quoteFailure && <LoanQuoteFigures quote={quote.data} />}
      {request && !current && !quoteFailure && (
        <Button
          variant="light"
          loading={readKfs.isPending}
          onClick={() => readKfs.mutate(request)}
          data-testid="loan-kfs-open"
        >
          {t('kfs.read')}
        </Button>
      )}
      {readKfs.error && (
        <Alert color="red" data-testid="loan-kfs-error">
          {translateMessage(isApiError(readKfs.error) ? readKfs.error : M.requestFailed)}
        </Alert>
      )}
      {current && <KeyFactStatement kfs={current} accepted={accepted} onAccept={setAccepted} />}
    </>
  );
}

function LoanApplicationForm({ app }: { app: TLoanApplication }) {
  const { t } = useCreditTranslation();
  const { form, apply, product, secured, invalid } = app;
  const failure = apply.error
    ? translateMessage(isApiError(apply.error) ? apply.error : M.requestFailed)
    : null;
  return (
    <form onSubmit={(event) => void app.submit(event)} noValidate>
      <Stack gap="md" data-testid="loan-application-panel">
        <LoanProductField form={form} products={app.products} />
        {product && <LoanAmountTenureFields form={form} product={product} />}
        {secured && product && product.ltv_bps !== null && (
          <LoanPledgeFields
            control={form.control}
            ltvBps={product.ltv_bps}
            holdings={app.holdings}
            eligibility={app.eligibility}
          />
        )}
        <LoanQuoteAndKeyFacts app={app} />
        <Divider />
        <PinField control={form.control} name="pin" label={t('apply.pinLabel')} testId="loan-pin" />
        {(failure ?? invalid) && (
          <Alert color="red" role="alert" data-testid="loan-apply-error">
            {failure ?? translateMessage(invalid ?? '')}
          </Alert>
        )}
        <LoadingButton type="submit" loading={apply.isPending} data-testid="loan-submit">
          {t('apply.submit')}
        </LoadingButton>
      </Stack>
    </form>
  );
}

/** Loan Application slide-up drawer (spec §2): product, amount, tenure, pledge, quote, PIN. */
export function LoanApplicationPanel({ productId }: { productId?: string | undefined }) {
  const { t } = useCreditTranslation();
  const app = useLoanApplication(productId);
  const { profile, allowed, catalogue, apply } = app;

  if (profile && !allowed)
    return (
      <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
        {t('apply.notAllowed')}
      </Alert>
    );
  if (!profile || catalogue.isPending)
    return (
      <Group justify="center" py="xl">
        <Loader size="sm" />
      </Group>
    );
  if (apply.data) return <LoanApplied loanId={apply.data.id} />;
  return <LoanApplicationForm app={app} />;
}
