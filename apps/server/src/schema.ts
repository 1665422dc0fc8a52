/**
 * Every table, gathered for drizzle-kit (migrations). Each is owned by the module that defines
 * it; the list lives here, in the composition root beside context.ts, so that db/ and platform/
 * import nothing from modules/. schema.test.ts fails when a tables.ts is missing from it.
 */
export * from './platform/tables.ts';
export * from './modules/staff/tables.ts';
export * from './modules/clients/tables.ts';
export * from './modules/auth/tables.ts';
export * from './modules/invites/tables.ts';
export * from './modules/uploads/tables.ts';
export * from './modules/kyc/tables.ts';
export * from './modules/menu/tables.ts';
export * from './modules/settings/tables.ts';
export * from './modules/staff-auth/tables.ts';
export * from './modules/news/tables.ts';
export * from './modules/market/tables.ts';
export * from './platform/idempotency-tables.ts';
export * from './modules/ledger/tables.ts';
export * from './modules/funds/tables.ts';
export * from './modules/trading/tables.ts';
export * from './modules/credit/tables.ts';
export * from './modules/compensation/tables.ts';
export * from './modules/offers/tables.ts';
export * from './modules/alerts/tables.ts';
export * from './modules/engagement/tables.ts';
export * from './modules/support/tables.ts';
export * from './modules/mail/tables.ts';
export * from './modules/email/tables.ts';
export * from './modules/nominees/tables.ts';
export * from './modules/notifications/tables.ts';
export * from './modules/grievances/tables.ts';
export * from './modules/note-delivery/tables.ts';
export * from './modules/statements/tables.ts';
export * from './modules/portfolio/tables.ts';
export * from './modules/connect/tables.ts';
export * from './modules/files/tables.ts';
export * from './modules/settlement/tables.ts';
export * from './modules/transfers/tables.ts';
