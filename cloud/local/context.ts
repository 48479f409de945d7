/** What every route of the local cloud works with, made once its database is open. */
import type { AuthService } from './auth';
import type { Checkout } from './checkout';
import type { CloudDatabase } from './database';
import type { Outbox } from './outbox';

export interface CloudContext {
  auth: AuthService;
  checkout: Checkout;
  db: CloudDatabase;
  jwtSecret: string;
  now: () => number;
  outbox: Outbox;
  siteUrl: string;
}
