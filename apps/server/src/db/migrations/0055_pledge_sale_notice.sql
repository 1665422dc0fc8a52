-- Issue 31 (decision 056): a settled sale of pledged shares is a notice too (loan.pledge_sale),
-- with what it sold, raised and repaid.
ALTER TABLE "client_notifications" DROP CONSTRAINT "client_notifications_kind";
--> statement-breakpoint
ALTER TABLE "client_notifications" ADD CONSTRAINT "client_notifications_kind" CHECK (kind in ('deposit.confirm', 'deposit.reject', 'withdrawal.pay', 'withdrawal.reject', 'order.fill', 'order.fill_partially', 'order.reject', 'order.expire', 'gtt.trigger', 'gtt.expire', 'loan.approve', 'loan.reject', 'loan.disburse', 'loan.close', 'loan.foreclose', 'loan.due_reminder', 'loan.auto_debit_failed', 'loan.penal_charge', 'loan.margin_call', 'loan.invoke_pledge', 'loan.pledge_sale', 'compensation.ask_info', 'compensation.approve', 'compensation.partly_approve', 'compensation.reject', 'compensation.pay', 'kyc.approve', 'kyc.reject', 'support.reply', 'offer.claim', 'transfer_in.confirm', 'transfer_in.reject'));
