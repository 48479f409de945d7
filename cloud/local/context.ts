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
  /** Where the local cloud is reached (`http://127.0.0.1:<port>`). */
  url: string;
  /** Where a link lands when it names no allowed place of its own. */
  siteUrl: string;
}
