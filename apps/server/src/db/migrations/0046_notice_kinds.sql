-- Issue 31 (decision 053): an agent's chat reply the client has not read and a bonus claimed are
-- notices too.
ALTER TABLE "client_notifications" DROP CONSTRAINT "client_notifications_kind";
--> statement-breakpoint
ALTER TABLE "client_notifications" ADD CONSTRAINT "client_notifications_kind" CHECK (kind in ('deposit.confirm', 'deposit.reject', 'withdrawal.pay', 'withdrawal.reject', 'order.fill', 'order.fill_partially', 'order.reject', 'order.expire', 'gtt.trigger', 'gtt.expire', 'loan.approve', 'loan.reject', 'loan.disburse', 'loan.close', 'loan.foreclose', 'loan.due_reminder', 'loan.auto_debit_failed', 'loan.penal_charge', 'loan.margin_call', 'loan.invoke_pledge', 'compensation.ask_info', 'compensation.approve', 'compensation.partly_approve', 'compensation.reject', 'compensation.pay', 'kyc.approve', 'kyc.reject', 'support.reply', 'offer.claim'));
