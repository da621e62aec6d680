-- The wire account is built once, in TypeScript (wallet/wire-account.ts): the database's copy of that
-- mapping and the two functions that used it go.
DROP FUNCTION IF EXISTS wallet_list_accounts(uuid);
--> statement-breakpoint
DROP FUNCTION IF EXISTS wallet_account_of(uuid);
--> statement-breakpoint
DROP FUNCTION IF EXISTS wallet_wire_account(wallet_accounts, bigint);
