// The reports module's public entry: createReports, which the composition root (services.ts) builds it
// with, and its routes for app.ts.
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { Throttle } from '../auth/index.js';
import type { Db } from '../../db/database.js';
import { ReportsRepository } from './reports.repository.js';
import { ReportsService } from './reports.service.js';

export { reportsRoutes } from './reports.routes.js';

interface ReportsModuleDeps {
  db: Db;
  throttle: Throttle;
  mailer: Mailer;
  supportEmail: string;
  now: () => number;
  log: { error(object: object, message: string): void };
}

/** Content reports: stored, mailed to the support address, listed for an operator. */
export function createReports({
  db,
  throttle,
  mailer,
  supportEmail,
  now,
  log,
}: ReportsModuleDeps): ReportsService {
  return new ReportsService({
    reports: new ReportsRepository(db),
    throttle,
    mailer,
    supportEmail,
    now,
    onMailError: (error) => log.error({ err: error }, 'content report mail could not be sent'),
  });
}
