import type { Db } from '../../db/database.js';
import type { ContentReportsTable } from '../../db/schema.js';
import type { Insertable } from 'kysely';

export class ReportsRepository {
  constructor(private readonly db: Db) {}

  /** False when the report id is taken already (the caller draws another). */
  async insert(row: Insertable<ContentReportsTable>): Promise<boolean> {
    const result = await this.db
      .insertInto('content_reports')
      .values(row)
      .onConflict((oc) => oc.column('report_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  findByReportId(reportId: string) {
    return this.db
      .selectFrom('content_reports')
      .selectAll()
      .where('report_id', '=', reportId)
      .executeTakeFirst();
  }

  listOpen(limit: number) {
    return this.db
      .selectFrom('content_reports')
      .selectAll()
      .where('status', '=', 'open')
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  }
}
