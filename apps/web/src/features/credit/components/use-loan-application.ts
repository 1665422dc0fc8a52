import { zodResolver } from '@hookform/resolvers/zod';
import {
  M,
  paiseToRupeeText,
  type TCreditProduct,
  type TKeyFactStatement,
  type TLoanQuoteRequest,
  ZLoanQuoteRequest,
} from '@sampada/shared';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { refusedWith } from '../../../lib/api-client';
import { useProfile } from '../../../lib/auth';
import { openSetPin } from '../../../lib/drawers';
import { useApplyForLoan } from '../api/apply-for-loan';
import { creditProductsQueryOptions } from '../api/get-credit-products';
import { issueKeyFacts } from '../api/key-facts';
import { loanQuoteQueryOptions } from '../api/get-loan-quote';
import { useCreditTranslation } from '../i18n';
import {
  eligibilityOf,
  firstErrorMessage,
  pledgeLines,
  type TLoanFormInput,
  type TLoanFormOutput,
  ZLoanApplicationForm,
} from './loan-application-form';

/** The quote follows what is typed, once it is a complete request. */
function useQuoteRequest(
  product: TCreditProduct | undefined,
  tenureMonths: number | undefined,
  typedAmount: TLoanFormInput['amount'] | undefined,
  pledged: Record<string, number | undefined>,
  secured: boolean,
) {
  return useMemo((): TLoanQuoteRequest | null => {
    if (!product || !tenureMonths) return null;
    const amount = ZLoanApplicationForm.shape.amount.safeParse(typedAmount ?? '');
    if (!amount.success) return null;
    const lines = secured ? pledgeLines(pledged) : [];
    if (secured && lines.length === 0) return null;
    const body = {
      product_id: product.id,
      amount: paiseToRupeeText(amount.data),
      tenure_months: tenureMonths,
      pledges: lines,
    };
    // Checked with the API's schema; sent as typed (the parsed form holds a bigint).
    return ZLoanQuoteRequest.safeParse(body).success ? body : null;
  }, [product, tenureMonths, typedAmount, pledged, secured]);
}

/** The key fact statement for exactly these terms; any change of terms asks for a new one. */
function useKeyFacts(request: TLoanQuoteRequest | null) {
  const terms = request ? JSON.stringify(request) : null;
  const [kfs, setKfs] = useState<{ terms: string; statement: TKeyFactStatement } | null>(null);
  const [accepted, setAccepted] = useState(false);
  const current = kfs && kfs.terms === terms ? kfs.statement : null;
  const readKfs = useMutation({
    mutationFn: (body: TLoanQuoteRequest) => issueKeyFacts(body),
    onSuccess: (statement, body) => {
      setKfs({ terms: JSON.stringify(body), statement });
      setAccepted(false);
    },
  });
  return { current, accepted, setAccepted, readKfs };
}

/** Nothing chosen yet but the product the drawer was opened on, if any. */
const loanFormDefaults = (productId: string | undefined): TLoanFormInput => ({
  product_id: productId ?? '',
  tenure_months: undefined as unknown as number,
  amount: '',
  pledges: {},
  pin: '',
});

/** Everything the loan application drawer reads and does: catalogue, form, quote, KFS, apply. */
export function useLoanApplication(productId: string | undefined) {
  const { t } = useCreditTranslation();
  const { data: profile } = useProfile();
  const allowed = profile?.allow_loan === true;
  const catalogue = useQuery({ ...creditProductsQueryOptions(), enabled: allowed });
  const apply = useApplyForLoan();
  const products = catalogue.data?.items ?? [];
  const holdings = catalogue.data?.holdings ?? [];

  const form = useForm<TLoanFormInput, unknown, TLoanFormOutput>({
    resolver: zodResolver(ZLoanApplicationForm),
    defaultValues: loanFormDefaults(productId),
  });
  const values = useWatch({ control: form.control });
  const product = products.find((p) => p.id === values.product_id);
  const secured = product?.kind === 'loan_against_shares';
  const pledged = useMemo(() => values.pledges ?? {}, [values.pledges]);
  const eligibility = eligibilityOf(product, holdings, pledged);

  const request = useQuoteRequest(product, values.tenure_months, values.amount, pledged, secured);
  const [debounced] = useDebouncedValue(request, 400);
  const quote = useQuery(loanQuoteQueryOptions(debounced));
  const keyFacts = useKeyFacts(request);
  const { current, accepted } = keyFacts;

  const [invalid, setInvalid] = useState<string | null>(null);
  const submit = form.handleSubmit(
    (data) => {
      setInvalid(null);
      if (profile && !profile.has_pin) {
        openSetPin();
        return;
      }
      if (!current || !accepted) {
        setInvalid(t('kfs.acceptFirst'));
        return;
      }
      apply.mutate(
        {
          kfs_id: current.id,
          product_id: data.product_id,
          amount: paiseToRupeeText(data.amount),
          tenure_months: data.tenure_months,
          pledges: secured ? pledgeLines(data.pledges) : [],
          pin: data.pin,
        },
        {
          onError: (error) => {
            if (refusedWith(error, 'credit.setPinForLoans')) openSetPin();
            form.setValue('pin', '');
          },
        },
      );
    },
    (errors) => {
      apply.reset();
      setInvalid(firstErrorMessage(errors) ?? M.requestFailed);
    },
  );

  return {
    profile,
    allowed,
    catalogue,
    apply,
    products,
    holdings,
    form,
    product,
    secured,
    eligibility,
    request,
    debounced,
    quote,
    keyFacts,
    invalid,
    submit,
  };
}
